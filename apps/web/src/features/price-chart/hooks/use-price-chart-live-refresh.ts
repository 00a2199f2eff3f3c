import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { priceChartKeys } from '../api/price-chart-keys';

/**
 * New deals of this trader mean new markers (maybe a new symbol); new bars of the symbol shown
 * mean new candles. Both reload without waiting for the poll.
 */
export function usePriceChartLiveRefresh(symbol: string | undefined): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  useLiveEvents((e) => {
    if (e.user_id !== me?.id) return;
    if (e.type === 'deals_added') {
      void client.invalidateQueries({ queryKey: priceChartKeys.all });
    } else if (e.type === 'bars_added' && e.symbol === symbol) {
      void client.invalidateQueries({ queryKey: priceChartKeys.barsOf(e.symbol) });
    }
  });
}
