import { checkPeriod, outputFor } from './common.js';

/**
 * Simple moving average: the mean of the last `period` values, NaN at indices 0..period-2.
 * A running sum (one add, one subtract per bar); the sum is `sum += value; sum -= leaving` in
 * that order in both forms so the batch and the stream agree bit for bit. Period 1 returns the
 * input itself.
 */
export function sma(values: Float64Array, period: number, out?: Float64Array): Float64Array {
  checkPeriod(period);
  const n = values.length;
  const result = outputFor(n, out);
  // A running sum is not exact ((a + b) − a may differ from b): period 1 copies instead.
  if (period === 1) {
    result.set(values);
    return result;
  }
  const warm = Math.min(period - 1, n);
  let sum = 0;
  for (let i = 0; i < warm; i++) {
    sum += values[i] as number;
    result[i] = Number.NaN;
  }
  if (period - 1 >= n) return result;
  sum += values[period - 1] as number;
  result[period - 1] = sum / period;
  for (let i = period; i < n; i++) {
    sum += values[i] as number;
    sum -= values[i - period] as number;
    result[i] = sum / period;
  }
  return result;
}

/** The streaming form of {@link sma}: `next(value)` gives what `sma` gives at that index. */
export class SmaStream {
  readonly period: number;
  #ring: Float64Array;
  #count = 0;
  #sum = 0;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#ring = new Float64Array(period);
  }

  /** The last value returned by `next`, NaN while warming up. */
  get value(): number {
    return this.#value;
  }

  next(value: number): number {
    if (this.period === 1) return (this.#value = value);
    const slot = this.#count % this.period;
    this.#sum += value;
    if (this.#count >= this.period) this.#sum -= this.#ring[slot] as number;
    this.#ring[slot] = value;
    this.#count++;
    this.#value = this.#count >= this.period ? this.#sum / this.period : Number.NaN;
    return this.#value;
  }
}
