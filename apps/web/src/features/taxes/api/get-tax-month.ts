import { useQuery } from '@tanstack/react-query';
import { endpoints, type TaxMonthDetailResponse } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

/** GET /api/taxes/months/:month: the month's operations by day. */
export function fetchTaxMonth(
  month: string,
  signal?: AbortSignal,
): Promise<TaxMonthDetailResponse> {
  return callEndpoint(endpoints.taxes.month, { params: { month }, ...(signal ? { signal } : {}) });
}

/** Loaded only once the month is opened: a year of operations is not fetched up front. */
export function useTaxMonth(month: string, open: boolean) {
  return useQuery({
    queryKey: taxesKeys.month(month),
    queryFn: ({ signal }) => fetchTaxMonth(month, signal),
    enabled: open,
    retry: false,
  });
}
