import type { Timeframe } from '@vortex/core';

/** The chart's queries; the live refresh invalidates them all at once. */
export const priceChartKeys = {
  all: ['price-chart'] as const,
  trades: ['price-chart', 'trades'] as const,
  barsOf: (symbol: string) => ['price-chart', 'bars', symbol] as const,
  bars: (symbol: string, timeframe: Timeframe) =>
    ['price-chart', 'bars', symbol, timeframe] as const,
};

/** The fallback when the live channel misses a 'bars_added' event. */
export const BARS_POLL_MS = 60_000;
/** While the agent has been asked for bars and none are stored yet, look again soon. */
export const BARS_REQUESTED_POLL_MS = 5_000;
