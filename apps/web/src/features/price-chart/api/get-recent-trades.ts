import { useQuery } from '@tanstack/react-query';
import { endpoints, MS_PER_DAY } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { usePollWhileLiveDown } from '../../../lib/live';
import { BARS_POLL_MS, priceChartKeys } from './price-chart-keys';

/** The chart's longest window (300 H1 bars) is under 30 days of trading. */
export const TRADES_DAYS = 30;
export const TRADES_LIMIT = 500;

export function fetchRecentTrades(signal?: AbortSignal, now = Date.now()) {
  return callEndpoint(endpoints.trading.trades, {
    query: {
      limit: TRADES_LIMIT,
      start_date: new Date(now - TRADES_DAYS * MS_PER_DAY).toISOString(),
      order: 'desc',
    },
    ...(signal ? { signal } : {}),
  }).then((res) => res.trades);
}

/** The closed positions of the last 30 days, newest first: 'deals_added' refreshes them. */
export function useRecentTrades() {
  const pollMs = usePollWhileLiveDown(BARS_POLL_MS);
  return useQuery({
    queryKey: priceChartKeys.trades,
    queryFn: ({ signal }) => fetchRecentTrades(signal),
    refetchInterval: pollMs,
    retry: false,
  });
}
