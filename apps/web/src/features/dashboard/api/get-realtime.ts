import { endpoints, type RealtimeResponseSchema } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client';
import { DASHBOARD_CACHE_MS, dashboardKeys } from './dashboard-keys';

export type Realtime = z.infer<typeof RealtimeResponseSchema>['data'];

/** GET /dashboard/realtime: account figures, today's performance and the connection. */
export function useRealtime(pollMs: number | false) {
  return useQuery({
    queryKey: dashboardKeys.realtime,
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.trading.realtime, { signal }).then((res) => res.data),
    staleTime: DASHBOARD_CACHE_MS,
    refetchInterval: pollMs,
  });
}
