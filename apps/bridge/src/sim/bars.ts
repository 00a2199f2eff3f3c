import type { Tick } from './tick.js';

/** One MT5 bar (MqlRates): `time` is the bar's start in epoch seconds, prices from `last`. */
export interface Bar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Ticks in the bar. */
  readonly tick_volume: number;
  /** Spread in points at the bar's last tick. */
  readonly spread: number;
  /** Contracts traded. */
  readonly real_volume: number;
}

// Bars are built in place, then handed out read-only and never touched again.
type MutableBar = { -readonly [K in keyof Bar]: Bar[K] };

export const TIMEFRAME_SECONDS = { M1: 60, M5: 300, M15: 900, M30: 1800, H1: 3600 } as const;
export type Timeframe = keyof typeof TIMEFRAME_SECONDS;

/** Builds M1 bars tick by tick; a bar is returned once no later tick can belong to it. */
export class M1BarBuilder {
  private bar: MutableBar | null = null;

  /** Adds a tick; returns the previous bar when this tick opens a new minute. */
  onTick(tick: Tick): Bar | null {
    const minute = Math.floor(tick.time_msc / 60_000) * 60;
    const bar = this.bar;
    if (bar && bar.time === minute) {
      if (tick.last > bar.high) bar.high = tick.last;
      if (tick.last < bar.low) bar.low = tick.last;
      bar.close = tick.last;
      bar.tick_volume += 1;
      bar.real_volume += tick.volume;
      bar.spread = tick.ask - tick.bid;
      return null;
    }
    this.bar = {
      time: minute,
      open: tick.last,
      high: tick.last,
      low: tick.last,
      close: tick.last,
      tick_volume: 1,
      spread: tick.ask - tick.bid,
      real_volume: tick.volume,
    };
    return bar;
  }

  /** Returns the forming bar if its minute has ended by `epochMs` (time passing closes it). */
  closeBy(epochMs: number): Bar | null {
    const bar = this.bar;
    if (!bar || (bar.time + 60) * 1000 > epochMs) return null;
    this.bar = null;
    return bar;
  }

  /** A copy of the bar still forming, if any. */
  forming(): Bar | null {
    return this.bar ? { ...this.bar } : null;
  }
}

/** Every M1 bar of a tick list, the last one included even if its minute is not over. */
export function ticksToM1(ticks: readonly Tick[]): Bar[] {
  const builder = new M1BarBuilder();
  const bars: Bar[] = [];
  for (const tick of ticks) {
    const closed = builder.onTick(tick);
    if (closed) bars.push(closed);
  }
  const last = builder.forming();
  if (last) bars.push(last);
  return bars;
}

/**
 * M1 bars grouped into a longer timeframe, buckets aligned to epoch multiples of its length
 * (São Paulo's offset is whole hours, so H1 buckets are local hours too). Input in time order.
 */
export function aggregateBars(m1: readonly Bar[], timeframe: Timeframe): Bar[] {
  const length = TIMEFRAME_SECONDS[timeframe];
  const out: MutableBar[] = [];
  for (const bar of m1) {
    const bucket = Math.floor(bar.time / length) * length;
    const current = out.at(-1);
    if (current?.time === bucket) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.tick_volume += bar.tick_volume;
      current.real_volume += bar.real_volume;
      current.spread = bar.spread;
    } else {
      out.push({ ...bar, time: bucket });
    }
  }
  return out;
}

/** Index of the first bar with time >= `time` in a time-ordered list. */
export function lowerBound(bars: readonly Bar[], time: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid]?.time ?? Infinity) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
