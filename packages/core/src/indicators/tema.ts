import { checkPeriod, outputFor } from './common.js';

/**
 * Warm-up state of the triple EMA: three chained {@link ema}s, each seeded with the SMA of its
 * first `period` inputs (EMA2 reads EMA1 from index period-1, EMA3 reads EMA2 from 2*period-2).
 * Shared by the batch form (for the warm-up bars) and the stream, so both do the same arithmetic.
 */
class TemaState {
  readonly alpha: number;
  readonly keep: number;
  count = 0;
  e1 = 0;
  e2 = 0;
  e3 = 0;
  #s1 = 0;
  #s2 = 0;
  #s3 = 0;

  constructor(readonly period: number) {
    this.alpha = 2 / (period + 1);
    this.keep = 1 - this.alpha;
  }

  step(value: number): number {
    const p = this.period;
    const c = ++this.count;
    if (c < p) {
      this.#s1 += value;
      return Number.NaN;
    }
    if (c === p) {
      this.#s1 += value;
      this.e1 = this.#s1 / p;
    } else {
      this.e1 = value * this.alpha + this.e1 * this.keep;
    }
    const c2 = c - p + 1;
    if (c2 < p) {
      this.#s2 += this.e1;
      return Number.NaN;
    }
    if (c2 === p) {
      this.#s2 += this.e1;
      this.e2 = this.#s2 / p;
    } else {
      this.e2 = this.e1 * this.alpha + this.e2 * this.keep;
    }
    const c3 = c2 - p + 1;
    if (c3 < p) {
      this.#s3 += this.e2;
      return Number.NaN;
    }
    if (c3 === p) {
      this.#s3 += this.e2;
      this.e3 = this.#s3 / p;
    } else {
      this.e3 = this.e2 * this.alpha + this.e3 * this.keep;
    }
    return 3 * this.e1 - 3 * this.e2 + this.e3;
  }
}

/**
 * Triple EMA, 3·EMA1 − 3·EMA2 + EMA3 with alpha 2/(period+1): NaN at 0..3·period-4, first value
 * at index 3·period-3 (the same first index as trading-signals' TEMA, whose EMAs are seeded
 * with their first input instead of an SMA).
 */
export function tema(values: Float64Array, period: number, out?: Float64Array): Float64Array {
  checkPeriod(period);
  const n = values.length;
  const result = outputFor(n, out);
  const state = new TemaState(period);
  const warm = Math.min(n, 3 * period - 2);
  for (let i = 0; i < warm; i++) result[i] = state.step(values[i] as number);
  const { alpha, keep } = state;
  let { e1, e2, e3 } = state;
  for (let i = warm; i < n; i++) {
    e1 = (values[i] as number) * alpha + e1 * keep;
    e2 = e1 * alpha + e2 * keep;
    e3 = e2 * alpha + e3 * keep;
    result[i] = 3 * e1 - 3 * e2 + e3;
  }
  return result;
}

/** The streaming form of {@link tema}: `next(value)` gives what `tema` gives at that index. */
export class TemaStream {
  readonly period: number;
  #state: TemaState;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#state = new TemaState(period);
  }

  /** The last value returned by `next`, NaN while warming up. */
  get value(): number {
    return this.#value;
  }

  next(value: number): number {
    this.#value = this.#state.step(value);
    return this.#value;
  }
}
