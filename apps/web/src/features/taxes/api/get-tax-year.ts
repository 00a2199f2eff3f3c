import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TaxYearResponseSchema, type TaxYearResponse } from '@vortex/core';
import { apiJson } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

/** GET /api/taxes?year=: the year's months, with the carries from earlier years. */
export function fetchTaxYear(year: number, signal?: AbortSignal): Promise<TaxYearResponse> {
  return apiJson(`/api/taxes?year=${year}`, TaxYearResponseSchema, signal ? { signal } : {});
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
