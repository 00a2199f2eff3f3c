import { useQuery } from '@tanstack/react-query';
import { endpoints, HealthSchema } from '@vortex/core';
import { NetworkError, requestEndpoint } from '../../../lib/api-client';
import { bridgeAdminTexts as t } from '../messages';
import { HEALTH_POLL_MS } from './health';
import { bridgeAdminKeys } from './query-keys';
import { BridgeAdminError } from './request';

/** GET /health: its 503 (database down) carries the same answer, which is the news to show. */
export function useServerHealth() {
  return useQuery({
    queryKey: bridgeAdminKeys.serverHealth,
    queryFn: async ({ signal }) => {
      const res = await requestEndpoint(endpoints.health.check, { signal }).catch(
        (error: unknown) => {
          throw error instanceof NetworkError ? new BridgeAdminError(t.network) : error;
        },
      );
      const parsed = HealthSchema.safeParse(res.data);
      if (!parsed.success) throw new BridgeAdminError(t.http(res.status));
      return parsed.data;
    },
    refetchInterval: HEALTH_POLL_MS,
    retry: false,
  });
}
