import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { alertsKeys } from '../api/alerts-keys';

// The events alerts are raised from; the alert itself lands a moment after the event.
const ALERTING = new Set(['deals_added', 'bridge_status', 'bot_risk_stop']);
const SETTLE_MS = 1_500;

/** Refetches the recent alerts shortly after an event that may have raised one. */
export function useAlertsLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (!ALERTING.has(event.type)) return;
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: alertsKeys.recent }),
      SETTLE_MS,
    );
  });
}
