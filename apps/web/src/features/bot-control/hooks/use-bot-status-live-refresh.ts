import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { sharedKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { botControlKeys } from '../api/bot-control-keys';

/**
 * The bot's own changes, the bridge coming or going, new deals (the counters) and a risk stop
 * refresh the card at once: while the channel is up these are its only refreshes.
 */
export function useBotStatusLiveRefresh(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e) => {
    if (e.user_id !== me?.id) return;
    if (e.type === 'bridge_status') {
      void client.invalidateQueries({ queryKey: botControlKeys.status });
      void client.invalidateQueries({ queryKey: sharedKeys.mt5Status });
    } else if (e.type === 'bot_status' || e.type === 'deals_added' || e.type === 'bot_risk_stop') {
      void client.invalidateQueries({ queryKey: botControlKeys.status });
    }
  });
}
