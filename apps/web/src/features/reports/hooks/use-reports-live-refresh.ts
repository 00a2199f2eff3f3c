import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { reportsKeys } from '../api/reports-keys';

/** New deals from the bridge change every figure of the reports: fetch them again. */
export function useReportsLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'deals_added') {
      void queryClient.invalidateQueries({ queryKey: reportsKeys.all });
    }
  });
}
