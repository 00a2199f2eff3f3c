import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { statisticsKeys } from '../api/get-statistics';

/** A 'deals_added' event for this trader can change every figure: recompute at once. */
export function useStatisticsLiveRefresh(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e) => {
    if (e.type === 'deals_added' && e.user_id === me?.id) {
      void client.invalidateQueries({ queryKey: statisticsKeys.all });
    }
  });
}
