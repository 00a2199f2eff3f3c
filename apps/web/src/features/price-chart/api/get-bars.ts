import { useQuery } from '@tanstack/react-query';
import { endpoints, type MarketBarsResponseSchema, type Timeframe } from '@vortex/core';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client';
import { useLiveStatus } from '../../../lib/live';
import { BARS_POLL_MS, BARS_REQUESTED_POLL_MS, priceChartKeys } from './price-chart-keys';

export type MarketBars = z.infer<typeof MarketBarsResponseSchema>;

/** Enough candles to read a session on M5 without making the canvas crawl. */
export const CHART_BARS = 300;

export function fetchBars(symbol: string, timeframe: Timeframe, signal?: AbortSignal) {
  return callEndpoint(endpoints.market.bars, {
    query: { symbol, timeframe, limit: CHART_BARS },
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/market/bars of the symbol; none while the symbol is unknown; 'bars_added' refreshes it. */
export function useBars(symbol: string | undefined, timeframe: Timeframe) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: priceChartKeys.bars(symbol ?? '', timeframe),
    queryFn: ({ signal }) => fetchBars(symbol ?? '', timeframe, signal),
    enabled: symbol !== undefined,
    refetchInterval: (query) => {
      const data = query.state.data;
      // Waiting for history just asked of the agent: its 'bars_added' may have come before this
      // answer, so look again soon, live or not, until the bars are there.
      if (data?.bars_requested && data.bars.length === 0) return BARS_REQUESTED_POLL_MS;
      return live ? false : BARS_POLL_MS;
    },
    retry: false,
  });
}
