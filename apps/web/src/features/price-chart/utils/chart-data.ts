import {
  bucketOf,
  DEFAULT_TIME_ZONE,
  TIMEFRAME_SECONDS,
  zoneClock,
  type Bar,
  type ClosedPositionRecord,
  type Timeframe,
} from '@vortex/core';

const clock = zoneClock(DEFAULT_TIME_ZONE);

/** lightweight-charts draws in UTC: shifting by São Paulo's offset makes its axis read local time. */
export function toChartTime(epochSeconds: number): number {
  return epochSeconds + clock.offsetAt(epochSeconds * 1000) / 1000;
}

export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const candlesOf = (bars: readonly Bar[]): Candle[] =>
  bars.map((b) => ({
    time: toChartTime(b.time),
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
  }));

/** Decimals the symbol's prices use (WIN: 0, WDO: 1), up to 5: the price axis shows no more. */
export function pricePrecision(bars: readonly Bar[]): number {
  let decimals = 0;
  for (const b of bars.slice(-50)) {
    for (const price of [b.open, b.high, b.low, b.close]) {
      const text = String(price);
      const dot = text.indexOf('.');
      if (dot >= 0) decimals = Math.max(decimals, text.length - dot - 1);
    }
  }
  return Math.min(decimals, 5);
}

export type MarkerKind = 'buy' | 'sell' | 'exitGain' | 'exitLoss';

export interface TradeMarker {
  /** Chart time of the bar the event falls in. */
  time: number;
  price: number;
  kind: MarkerKind;
  positionId: string;
}

/** The symbol the chart shows: the one of the newest closed position. */
export const symbolOf = (trades: readonly ClosedPositionRecord[]): string | undefined =>
  [...trades].sort((a, b) => b.close_time - a.close_time)[0]?.symbol;

/**
 * Entry and exit markers of the symbol's positions that fall inside the bars' span, each on
 * the bar holding it, in time order (the chart requires it).
 */
export function markersOf(
  trades: readonly ClosedPositionRecord[],
  bars: readonly Bar[],
  symbol: string,
  timeframe: Timeframe,
): TradeMarker[] {
  const first = bars[0];
  const last = bars.at(-1);
  if (!first || !last) return [];
  const end = last.time + TIMEFRAME_SECONDS[timeframe];
  const inside = (s: number) => s >= first.time && s < end;
  const out: TradeMarker[] = [];
  for (const t of trades) {
    if (t.symbol !== symbol) continue;
    const open = Math.floor(t.open_time / 1000);
    const close = Math.floor(t.close_time / 1000);
    const positionId = t.position_id;
    if (inside(open)) {
      const kind = t.type === 'BUY' ? 'buy' : 'sell';
      out.push({
        time: toChartTime(bucketOf(open, timeframe)),
        price: t.entry_price,
        kind,
        positionId,
      });
    }
    if (inside(close)) {
      const kind = t.net_profit >= 0 ? 'exitGain' : 'exitLoss';
      out.push({
        time: toChartTime(bucketOf(close, timeframe)),
        price: t.exit_price,
        kind,
        positionId,
      });
    }
  }
  return out.sort((a, b) => a.time - b.time);
}

/** How many positions have at least one marker on the chart. */
export const positionsShown = (markers: readonly TradeMarker[]): number =>
  new Set(markers.map((m) => m.positionId)).size;
