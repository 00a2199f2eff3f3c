import { endpoints } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { usePollWhileLiveDown } from '../../../lib/live';
import { dashboardKeys } from './dashboard-keys';

/** trading.md §9: my-bridges every 20 s, while the bridge's live events cannot refresh it. */
const MY_BRIDGES_POLL_MS = 20_000;

/** GET /bridge/my-bridges: the trader's claims, to tell "not paired" from "not reachable". */
export function useMyBridges(enabled: boolean) {
  const pollMs = usePollWhileLiveDown(MY_BRIDGES_POLL_MS);
  return useQuery({
    queryKey: dashboardKeys.myBridges,
    queryFn: ({ signal }) => callEndpoint(endpoints.bridge.myBridges, { signal }),
    refetchInterval: pollMs,
    enabled,
  });
}
