import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { tradesKeys } from '../api/get-trades';

/** A 'deals_added' event for this trader means new closed trades: reload without waiting. */
export function useTradesLiveRefresh(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e) => {
    if (e.type === 'deals_added' && e.user_id === me?.id) {
      void client.invalidateQueries({ queryKey: tradesKeys.all });
    }
  });
}
