import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type TaxYearResponse } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

/** GET /api/taxes?year=: the year's months, with the carries from earlier years. */
export function fetchTaxYear(year: number, signal?: AbortSignal): Promise<TaxYearResponse> {
  return callEndpoint(endpoints.taxes.year, { query: { year }, ...(signal ? { signal } : {}) });
}

export function useTaxYear(year: number) {
  return useQuery({
    queryKey: taxesKeys.year(year),
    queryFn: ({ signal }) => fetchTaxYear(year, signal),
    // Another year keeps the table on screen while it loads, instead of a blank page.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
