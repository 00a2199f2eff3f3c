import { checkPeriod, outputFor } from './common.js';

/**
 * Exponential moving average with alpha = 2 / (period + 1), seeded with the SMA of the first
 * `period` values: NaN at 0..period-2, the SMA at period-1, then
 * `ema = value * alpha + previous * (1 - alpha)` (this form makes period 1 return the input
 * exactly). trading-signals seeds with the first value instead; the two converge as
 * (1 - alpha)^bars, see the oracle tests.
 */
export function ema(values: Float64Array, period: number, out?: Float64Array): Float64Array {
  checkPeriod(period);
  const n = values.length;
  const result = outputFor(n, out);
  const alpha = 2 / (period + 1);
  const keep = 1 - alpha;
  const warm = Math.min(period - 1, n);
  let sum = 0;
  for (let i = 0; i < warm; i++) {
    sum += values[i] as number;
    result[i] = Number.NaN;
  }
  if (period - 1 >= n) return result;
  sum += values[period - 1] as number;
  let previous = sum / period;
  result[period - 1] = previous;
  for (let i = period; i < n; i++) {
    previous = (values[i] as number) * alpha + previous * keep;
    result[i] = previous;
  }
  return result;
}

/** The streaming form of {@link ema}: `next(value)` gives what `ema` gives at that index. */
export class EmaStream {
  readonly period: number;
  #alpha: number;
  #keep: number;
  #count = 0;
  #sum = 0;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#alpha = 2 / (period + 1);
    this.#keep = 1 - this.#alpha;
  }

  /** The last value returned by `next`, NaN while warming up. */
  get value(): number {
    return this.#value;
  }

  next(value: number): number {
    this.#count++;
    if (this.#count < this.period) {
      this.#sum += value;
    } else if (this.#count === this.period) {
      this.#sum += value;
      this.#value = this.#sum / this.period;
    } else {
      this.#value = value * this.#alpha + this.#value * this.#keep;
    }
    return this.#value;
  }
}
