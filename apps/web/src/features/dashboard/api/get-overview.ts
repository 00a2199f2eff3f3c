import { endpoints, type OverviewResponseSchema } from '@vortex/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client';
import { DASHBOARD_CACHE_MS, dashboardKeys, type OverviewRange } from './dashboard-keys';

export type Overview = z.infer<typeof OverviewResponseSchema>['data'];

export function fetchOverview(range: OverviewRange | null, signal: AbortSignal, noCache = false) {
  const query = {
    ...range,
    ...(noCache ? { no_cache: '1', _: String(Date.now()) } : {}),
  };
  return callEndpoint(endpoints.trading.overview, { query, signal }).then((res) => res.data);
}

/**
 * GET /dashboard/overview: the cards, the four charts and the two summaries. Cached 4 s
 * (trading.md §7); live events refresh it, and a slow poll covers a dropped live channel.
 */
export function useOverview(
  range: OverviewRange | null,
  fallbackPollMs: number | false,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.overview(range),
    queryFn: ({ signal }) => fetchOverview(range, signal),
    staleTime: DASHBOARD_CACHE_MS,
    placeholderData: keepPreviousData,
    // A historical window does not change: only the live one is polled.
    refetchInterval: range ? false : fallbackPollMs,
  });
}
