import { MOVING_AVERAGE_LONG, MOVING_AVERAGE_SHORT } from './constants.js';

/** Simple moving average of the last `window` points; null until `window` points exist. */
export function movingAverage(values: readonly number[], window: number): (number | null)[] {
  const size = Math.max(1, Math.floor(window));
  return values.map((_, i) => {
    if (i + 1 < size) return null;
    let sum = 0;
    // Summed afresh per point: a running sum would drift over long series.
    for (let j = i + 1 - size; j <= i; j++) sum += values[j] ?? 0;
    return sum / size;
  });
}

/** The equity chart's optional 5- and 20-point moving averages. */
export function movingAverages(values: readonly number[]): {
  ma5: (number | null)[];
  ma20: (number | null)[];
} {
  return {
    ma5: movingAverage(values, MOVING_AVERAGE_SHORT),
    ma20: movingAverage(values, MOVING_AVERAGE_LONG),
  };
}
