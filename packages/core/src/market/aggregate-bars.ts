import type { Bar, Timeframe } from '../bridge/mt5-records.schema.js';

/** Length of each timeframe's bar, in seconds. */
export const TIMEFRAME_SECONDS: Record<Timeframe, number> = {
  M1: 60,
  M5: 300,
  M15: 900,
  H1: 3_600,
};

/** Opening time of the `timeframe` bar holding `time` (epoch seconds), aligned to epoch multiples. */
export function bucketOf(time: number, timeframe: Timeframe): number {
  const length = TIMEFRAME_SECONDS[timeframe];
  return Math.floor(time / length) * length;
}

/**
 * Shorter bars folded into `timeframe` bars: open of the first, close of the last, extremes
 * and volumes over the bucket. Input in time order; a bucket with no input bar is simply absent
 * (the market was closed). São Paulo's offset is whole hours, so H1 buckets are local hours too.
 */
export function aggregateBars(bars: readonly Bar[], timeframe: Timeframe): Bar[] {
  const out: Bar[] = [];
  let current: Bar | undefined;
  for (const bar of bars) {
    const time = bucketOf(bar.time, timeframe);
    if (current?.time === time) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.tick_volume += bar.tick_volume;
      current.volume += bar.volume;
    } else {
      current = { ...bar, time };
      out.push(current);
    }
  }
  return out;
}
