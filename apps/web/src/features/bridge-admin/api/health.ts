import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { bridgeAdminKeys } from './query-keys';
import { adminCall } from './request';

/** trading.md §9: health is polled every 10 s. */
export const HEALTH_POLL_MS = 10_000;

/** GET /bridge/health. */
export function useBridgeHealth() {
  return useQuery({
    queryKey: bridgeAdminKeys.health,
    queryFn: ({ signal }) => adminCall(endpoints.bridge.health, { signal }),
    refetchInterval: HEALTH_POLL_MS,
    retry: false,
  });
}
