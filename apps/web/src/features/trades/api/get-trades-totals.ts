import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { usePollWhileLiveDown } from '../../../lib/live';
import type { TimeWindow } from '../utils/trades-filters';
import { TRADES_POLL_MS, tradesKeys, tradesQuery } from './get-trades';

export const tradesTotalsKeys = {
  // Under tradesKeys.all: a new deal refreshes the totals with the list.
  filter: (window: TimeWindow, magic: number | null) =>
    [...tradesKeys.all, 'totals', window.from, window.to, magic] as const,
};

/** The totals' query: the list's own period (same start_date/end_date) and the magic, if any. */
export function tradesTotalsQuery(window: TimeWindow, magic: number | null, now: number) {
  const { start_date, end_date, no_cache, _ } = tradesQuery(window, now);
  return { start_date, end_date, no_cache, _, ...(magic !== null ? { magic } : {}) };
}

/**
 * GET /trading/trades/totals: the cards over every position of the filter, however many the list
 * holds (it stops at 6000); polled with the list.
 */
export function useTradesTotals(window: TimeWindow, magic: number | null, enabled = true) {
  const pollMs = usePollWhileLiveDown(TRADES_POLL_MS);
  return useQuery({
    queryKey: tradesTotalsKeys.filter(window, magic),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.trading.tradesTotals, {
        query: tradesTotalsQuery(window, magic, Date.now()),
        signal,
      }),
    enabled,
    refetchInterval: pollMs,
    retry: false,
  });
}
