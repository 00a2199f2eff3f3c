import type { BridgeEvent } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { dashboardKeys } from '../api/dashboard-keys';
import type { PositionsSnapshot } from '../api/get-positions';
import type { Realtime } from '../api/get-realtime';

/**
 * The trader's own snapshots patch the dashboard in place; new deals refetch the figures the
 * server computes from them. The polls stay as the fallback for a dropped live channel.
 */
export function useDashboardLiveSync(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e: BridgeEvent) => {
    if (e.user_id !== me?.id) return;
    switch (e.type) {
      case 'positions_snapshot':
        client.setQueryData<PositionsSnapshot>(dashboardKeys.positions, (old) => ({
          success: true,
          positions: e.positions,
          orders: old?.orders ?? [],
          updated_at: e.at,
        }));
        client.setQueryData<Realtime>(dashboardKeys.realtime, (old) =>
          old ? { ...old, positions: e.positions } : old,
        );
        return;
      case 'account_snapshot': {
        const { balance, equity, profit, margin, free_margin, margin_level } = e.account;
        client.setQueryData<Realtime>(dashboardKeys.realtime, (old) =>
          old
            ? {
                ...old,
                account_info: { balance, equity, profit, margin, free_margin, margin_level },
              }
            : old,
        );
        return;
      }
      case 'deals_added':
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
        return;
      case 'bridge_status':
        void client.invalidateQueries({ queryKey: dashboardKeys.realtime });
        void client.invalidateQueries({ queryKey: dashboardKeys.positions });
        return;
      default:
        return;
    }
  });
}
