import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { priceChartKeys } from '../api/price-chart-keys';

/** New deals of this trader mean new markers (maybe a new symbol): reload without waiting. */
export function usePriceChartLiveRefresh(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e) => {
    if (e.type === 'deals_added' && e.user_id === me?.id) {
      void client.invalidateQueries({ queryKey: priceChartKeys.all });
    }
  });
}
