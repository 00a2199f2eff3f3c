import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dataOlderThan, dayKeyOf, HISTORY_START } from '../../../components/period/period';
import { hasAgent, useAccounts } from '../../../lib/accounts';
import { useHistorySpan } from '../../../lib/history-span';
import { useLiveStatus } from '../../../lib/live';
import { useMt5Status } from '../../../lib/mt5-status';
import { sharedKeys } from '../../../lib/query-keys';
import {
  dashboardKeys,
  LIVE_WINDOW_DAYS,
  POSITIONS_POLL_MS,
  type OverviewRange,
} from '../api/dashboard-keys';
import { useMyBridges } from '../api/get-my-bridges';
import { fetchOverview, useOverview } from '../api/get-overview';
import { usePositions } from '../api/get-positions';
import { useRealtime } from '../api/get-realtime';
import { useNow } from './use-now';
import { bridgeInfoOf, dataStateOf } from '../utils/data-state';

// Not in the spec: without the live channel, new closed trades would wait for a reload.
const OVERVIEW_FALLBACK_POLL_MS = 30_000;

/** Every query of the dashboard, the data state of trading.md §4 and the force-check action. */
export function useDashboardData() {
  const client = useQueryClient();
  const liveOpen = useLiveStatus() === 'open';
  const mt5 = useMt5Status();
  const mt5Connected = mt5.data?.mt5_connected === true;
  // trading.md §7: positions every 3 s while MT5 is connected, unless live events bring them.
  const fastPoll = mt5Connected && !liveOpen ? POSITIONS_POLL_MS : false;
  // Issue 26: an account no agent feeds has nothing live; when its data is older than the live
  // window, the screen opens on its whole history: nothing is asked before the account and its
  // span are known (or failed), so it never opens on an empty month.
  const accounts = useAccounts();
  const list = accounts.data;
  const imported = !hasAgent(list?.accounts.find((a) => a.id === list.current_id));
  const history = useHistorySpan(imported);
  const span = history.span;
  const settled = !accounts.isPending && history.settled;
  const [openedAt] = useState(Date.now);
  const wholeHistory = imported && dataOlderThan(span, LIVE_WINDOW_DAYS, openedAt);
  const last = span?.last_deal_at ?? null;
  // Up to its last deal's day: the hourly chart's 7 days are then the account's last ones.
  const range: OverviewRange | null =
    wholeHistory && last !== null ? { start: HISTORY_START, end: dayKeyOf(last) } : null;
  const overview = useOverview(range, liveOpen ? false : OVERVIEW_FALLBACK_POLL_MS, settled);
  const realtime = useRealtime(fastPoll);
  const positions = usePositions(fastPoll);
  const noData = overview.data !== undefined && overview.data.statistics.total_trades === 0;
  const bridges = useMyBridges(noData || overview.isError);
  const [checking, setChecking] = useState(false);

  const now = useNow(30_000);
  const bridgeInfo = bridgeInfoOf(mt5.data, bridges.data?.items ?? [], now);
  const state = dataStateOf({
    pending: overview.isPending,
    totalTrades: overview.data?.statistics.total_trades,
    statusFailed: mt5.isError,
    bridgeInfo,
  });

  /** Asks past the server's cache, then refreshes everything else the screen reads. */
  const forceCheck = async () => {
    setChecking(true);
    try {
      await Promise.allSettled([
        client.query({
          queryKey: dashboardKeys.overview(range),
          queryFn: ({ signal }) => fetchOverview(range, signal, true),
          staleTime: 0,
        }),
        client.invalidateQueries({ queryKey: sharedKeys.mt5Status }),
        client.invalidateQueries({ queryKey: dashboardKeys.myBridges }),
        client.invalidateQueries({ queryKey: dashboardKeys.realtime }),
        client.invalidateQueries({ queryKey: dashboardKeys.positions }),
      ]);
    } finally {
      setChecking(false);
    }
  };

  return {
    imported,
    span,
    wholeHistory,
    state,
    bridgeInfo,
    liveOpen,
    mt5,
    overview,
    realtime,
    positions,
    checking,
    forceCheck: () => void forceCheck(),
  };
}
