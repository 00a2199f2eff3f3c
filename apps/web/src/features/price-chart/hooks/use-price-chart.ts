import type { Timeframe } from '@vortex/core';
import { useMemo } from 'react';
import { useBars } from '../api/get-bars';
import { useRecentTrades } from '../api/get-recent-trades';
import {
  candlesOf,
  markersOf,
  positionsShown,
  pricePrecision,
  symbolOf,
} from '../utils/chart-data';
import { usePriceChartLiveRefresh } from './use-price-chart-live-refresh';

export type PriceChartState = 'loading' | 'error' | 'no-symbol' | 'requested' | 'empty' | 'ready';

/** The chart's data: the newest position's symbol, its candles and the positions' markers. */
export function usePriceChart(timeframe: Timeframe) {
  const trades = useRecentTrades();
  const symbol = useMemo(() => symbolOf(trades.data ?? []), [trades.data]);
  usePriceChartLiveRefresh(symbol);
  const bars = useBars(symbol, timeframe);
  const data = bars.data;
  const candles = useMemo(() => candlesOf(data?.bars ?? []), [data]);
  const markers = useMemo(
    () => (data && symbol ? markersOf(trades.data ?? [], data.bars, symbol, timeframe) : []),
    [data, trades.data, symbol, timeframe],
  );

  let state: PriceChartState;
  const error = trades.error ?? bars.error;
  if (candles.length > 0) state = 'ready';
  else if (error) state = 'error';
  else if (trades.isPending) state = 'loading';
  else if (!symbol) state = 'no-symbol';
  else if (!data) state = 'loading';
  else state = data.bars_requested ? 'requested' : 'empty';

  const retry = () => {
    void trades.refetch();
    if (symbol) void bars.refetch();
  };
  return {
    state,
    symbol,
    candles,
    markers,
    positions: positionsShown(markers),
    precision: pricePrecision(data?.bars ?? []),
    error: error?.message ?? null,
    retry,
  };
}
