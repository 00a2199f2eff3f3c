import type { Bar } from '../bridge/mt5-records.schema.js';
import type { Tick } from './tick.js';

/**
 * Builds M1 bars tick by tick; a bar is returned once no later tick can belong to it. Bars are
 * core's wire `Bar` (ticks in `tick_volume`, contracts in `volume`), built in place, then handed
 * out and never touched again.
 */
export class M1BarBuilder {
  private bar: Bar | null = null;

  /** Adds a tick; returns the previous bar when this tick opens a new minute. */
  onTick(tick: Tick): Bar | null {
    const minute = Math.floor(tick.time_msc / 60_000) * 60;
    const bar = this.bar;
    if (bar && bar.time === minute) {
      if (tick.last > bar.high) bar.high = tick.last;
      if (tick.last < bar.low) bar.low = tick.last;
      bar.close = tick.last;
      bar.tick_volume += 1;
      bar.volume += tick.volume;
      return null;
    }
    this.bar = {
      time: minute,
      open: tick.last,
      high: tick.last,
      low: tick.last,
      close: tick.last,
      tick_volume: 1,
      volume: tick.volume,
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
