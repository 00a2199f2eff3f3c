import { checkBars, checkPeriod } from './common.js';

/**
 * Causal swing points. Bar j is a swing high when its high is strictly above the highs of the
 * `lookback` bars before it and the `lookback` bars after it (a swing low: low strictly below);
 * ties make no swing, and bars 0..lookback-1 have no full left side, so they are never swings.
 * A swing at j is known only at bar j + lookback, when its right side has closed: that is the
 * bar at which it is reported, so nothing here looks into the future.
 */
export interface SwingsResult {
  /** At each bar i, the index of the last swing high confirmed at or before i, or -1. */
  highIndex: Int32Array;
  /** At each bar i, the index of the last swing low confirmed at or before i, or -1. */
  lowIndex: Int32Array;
}

/** One bar of {@link SwingStream}: indices count the bars given to `next`, from 0. */
export interface SwingValue {
  highIndex: number;
  lowIndex: number;
  /** The high of the last confirmed swing high, NaN before the first. */
  swingHigh: number;
  /** The low of the last confirmed swing low, NaN before the first. */
  swingLow: number;
}

/** Whether ring slot `pivot` is strictly above (or below) the `lookback` slots on each side. */
function isPivot(series: Float64Array, pivot: number, lookback: number, above: boolean): boolean {
  const size = series.length;
  const center = series[pivot % size] as number;
  for (let k = 1; k <= lookback; k++) {
    const left = series[(pivot - k + size) % size] as number;
    const right = series[(pivot + k) % size] as number;
    if (above ? left >= center || right >= center : left <= center || right <= center) return false;
  }
  return true;
}

/**
 * Last confirmed swing high and low at every bar (see {@link SwingsResult}). A bar j is a
 * swing high, in the centred sense, exactly when `highIndex[j + lookback] === j`.
 */
export function swings(high: Float64Array, low: Float64Array, lookback: number): SwingsResult {
  checkPeriod(lookback, 'lookback');
  const n = checkBars(high, low);
  const highIndex = new Int32Array(n);
  const lowIndex = new Int32Array(n);
  let lastHigh = -1;
  let lastLow = -1;
  const first = Math.min(n, 2 * lookback);
  for (let i = 0; i < first; i++) highIndex[i] = lowIndex[i] = -1;
  for (let i = first; i < n; i++) {
    const pivot = i - lookback;
    const h = high[pivot] as number;
    const l = low[pivot] as number;
    let isHigh = true;
    let isLow = true;
    for (let k = 1; k <= lookback && (isHigh || isLow); k++) {
      const leftHigh = high[pivot - k] as number;
      const rightHigh = high[pivot + k] as number;
      if (leftHigh >= h || rightHigh >= h) isHigh = false;
      const leftLow = low[pivot - k] as number;
      const rightLow = low[pivot + k] as number;
      if (leftLow <= l || rightLow <= l) isLow = false;
    }
    if (isHigh) lastHigh = pivot;
    if (isLow) lastLow = pivot;
    highIndex[i] = lastHigh;
    lowIndex[i] = lastLow;
  }
  return { highIndex, lowIndex };
}

/**
 * The streaming form of {@link swings}: `next(high, low)` gives the last confirmed swing high
 * and low (indices and prices) as of that bar, what `swings` gives at that index. Feed it closed
 * bars only.
 */
export class SwingStream {
  readonly lookback: number;
  #highs: Float64Array;
  #lows: Float64Array;
  #count = 0;
  #highIndex = -1;
  #lowIndex = -1;
  #swingHigh = Number.NaN;
  #swingLow = Number.NaN;

  constructor(lookback: number) {
    checkPeriod(lookback, 'lookback');
    this.lookback = lookback;
    this.#highs = new Float64Array(2 * lookback + 1);
    this.#lows = new Float64Array(2 * lookback + 1);
  }

  get highIndex(): number {
    return this.#highIndex;
  }

  get lowIndex(): number {
    return this.#lowIndex;
  }

  get swingHigh(): number {
    return this.#swingHigh;
  }

  get swingLow(): number {
    return this.#swingLow;
  }

  /** The last result of `next`. */
  get value(): SwingValue {
    return {
      highIndex: this.#highIndex,
      lowIndex: this.#lowIndex,
      swingHigh: this.#swingHigh,
      swingLow: this.#swingLow,
    };
  }

  next(high: number, low: number): SwingValue {
    const size = this.#highs.length;
    const i = this.#count++;
    this.#highs[i % size] = high;
    this.#lows[i % size] = low;
    if (i >= 2 * this.lookback) {
      const pivot = i - this.lookback;
      if (isPivot(this.#highs, pivot, this.lookback, true)) {
        this.#highIndex = pivot;
        this.#swingHigh = this.#highs[pivot % size] as number;
      }
      if (isPivot(this.#lows, pivot, this.lookback, false)) {
        this.#lowIndex = pivot;
        this.#swingLow = this.#lows[pivot % size] as number;
      }
    }
    return this.value;
  }
}
