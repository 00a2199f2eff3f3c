import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TaxYearResponseSchema, type TaxYearResponse } from '@vortex/core';
import { apiJson } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

/** GET /api/taxes[?year=]: the year's months; without a year the server picks the current one. */
export function fetchTaxYear(year: number | null, signal?: AbortSignal): Promise<TaxYearResponse> {
  const query = year === null ? '' : `?year=${year}`;
  return apiJson(`/api/taxes${query}`, TaxYearResponseSchema, signal ? { signal } : {});
}

export function useTaxYear(year: number | null) {
  return useQuery({
    queryKey: taxesKeys.year(year),
    queryFn: ({ signal }) => fetchTaxYear(year, signal),
    // Another year keeps the table on screen while it loads, instead of a blank page.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
