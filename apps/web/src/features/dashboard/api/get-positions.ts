import { endpoints, type PositionsResponseSchema } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type PositionsSnapshot = z.infer<typeof PositionsResponseSchema>;

export function fetchPositions(signal?: AbortSignal, noCache = false) {
  return callEndpoint(endpoints.trading.positions, {
    query: noCache ? { no_cache: '1' } : {},
    ...(signal ? { signal } : {}),
  });
}

/** GET /dashboard/positions: open positions and working orders, polled while MT5 is connected. */
export function usePositions(pollMs: number | false) {
  return useQuery({
    queryKey: dashboardKeys.positions,
    queryFn: ({ signal }) => fetchPositions(signal),
    refetchInterval: pollMs,
    retry: false,
  });
}
