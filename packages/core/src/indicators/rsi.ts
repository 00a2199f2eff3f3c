import { checkPeriod, outputFor } from './common.js';

/**
 * Warm-up and steady state of Wilder's RSI, shared by the batch form and the stream. Bar 0 only
 * gives the first previous value; the first RSI, at index `period`, uses the plain means of the
 * gains and losses of bars 1..period (as trading-signals does); then Wilder's smoothing.
 */
class RsiState {
  readonly alpha: number;
  readonly keep: number;
  count = 0;
  previous = 0;
  gain = 0;
  loss = 0;

  constructor(readonly period: number) {
    this.alpha = 1 / period;
    this.keep = 1 - this.alpha;
  }

  step(value: number): number {
    const c = this.count++;
    const change = value - this.previous;
    this.previous = value;
    if (c === 0) return Number.NaN;
    const up = change > 0 ? change : 0;
    const down = change < 0 ? -change : 0;
    if (c < this.period) {
      this.gain += up;
      this.loss += down;
      return Number.NaN;
    }
    if (c === this.period) {
      this.gain = (this.gain + up) / this.period;
      this.loss = (this.loss + down) / this.period;
    } else {
      this.gain = up * this.alpha + this.gain * this.keep;
      this.loss = down * this.alpha + this.loss * this.keep;
    }
    return rsiOf(this.gain, this.loss);
  }
}

/** 100·gain/(gain+loss); a window without any move (both zero) is neutral: 50. */
function rsiOf(gain: number, loss: number): number {
  const total = gain + loss;
  return total > 0 ? (100 * gain) / total : 50;
}

/**
 * Relative strength index with Wilder's smoothing, 0..100: NaN at 0..period-1, first value at
 * index `period`. No loss in the window gives 100, no gain gives 0, no move at all gives 50
 * (trading-signals gives 100 there; a flat market is not overbought).
 */
export function rsi(values: Float64Array, period: number, out?: Float64Array): Float64Array {
  checkPeriod(period);
  const n = values.length;
  const result = outputFor(n, out);
  const state = new RsiState(period);
  const warm = Math.min(n, period + 1);
  for (let i = 0; i < warm; i++) result[i] = state.step(values[i] as number);
  const { alpha, keep } = state;
  let { previous, gain, loss } = state;
  for (let i = warm; i < n; i++) {
    const value = values[i] as number;
    const change = value - previous;
    previous = value;
    const up = change > 0 ? change : 0;
    const down = change < 0 ? -change : 0;
    gain = up * alpha + gain * keep;
    loss = down * alpha + loss * keep;
    const total = gain + loss;
    result[i] = total > 0 ? (100 * gain) / total : 50;
  }
  return result;
}

/** The streaming form of {@link rsi}: `next(value)` gives what `rsi` gives at that index. */
export class RsiStream {
  readonly period: number;
  #state: RsiState;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#state = new RsiState(period);
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
