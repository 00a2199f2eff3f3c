import { checkBars, checkPeriod, outputFor, trueRange } from './common.js';

/** ADX with its directional indicators, each 0..100. */
export interface AdxResult {
  adx: Float64Array;
  plusDi: Float64Array;
  minusDi: Float64Array;
}

/** One bar of {@link AdxStream}: NaN while warming up. */
export interface AdxValue {
  adx: number;
  plusDi: number;
  minusDi: number;
}

/**
 * Wilder's DMI state, shared by the batch form (warm-up bars) and the stream. Bar 0 only gives
 * the previous high, low and close. Bars 1..period seed the smoothed true range, +DM and −DM
 * with their means (first ±DI at index `period`), then alpha = 1/period. DX = 100·|+DI − −DI| /
 * (+DI + −DI); ADX is seeded with the mean of the first `period` DX values (index 2·period-1).
 * +DM = up move when it is positive and larger than the down move, else 0 (equal moves give 0
 * to both, as in Wilder and TA-Lib). A range of zero gives ±DI = 0, and ±DI both zero DX = 0.
 */
class AdxState {
  readonly alpha: number;
  readonly keep: number;
  count = 0;
  high = 0;
  low = 0;
  close = 0;
  tr = 0;
  plus = 0;
  minus = 0;
  adx = 0;
  plusDi = Number.NaN;
  minusDi = Number.NaN;

  constructor(readonly period: number) {
    this.alpha = 1 / period;
    this.keep = 1 - this.alpha;
  }

  /** Returns the ADX (NaN while warming up) and leaves ±DI in `plusDi` and `minusDi`. */
  step(high: number, low: number, close: number): number {
    const c = this.count++;
    const p = this.period;
    const tr = trueRange(high, low, this.close);
    const upMove = high - this.high;
    const downMove = this.low - low;
    this.high = high;
    this.low = low;
    this.close = close;
    if (c === 0) return Number.NaN;
    const plusDm = upMove > downMove && upMove > 0 ? upMove : 0;
    const minusDm = downMove > upMove && downMove > 0 ? downMove : 0;
    if (c < p) {
      this.tr += tr;
      this.plus += plusDm;
      this.minus += minusDm;
      return Number.NaN;
    }
    if (c === p) {
      this.tr = (this.tr + tr) / p;
      this.plus = (this.plus + plusDm) / p;
      this.minus = (this.minus + minusDm) / p;
    } else {
      this.tr = tr * this.alpha + this.tr * this.keep;
      this.plus = plusDm * this.alpha + this.plus * this.keep;
      this.minus = minusDm * this.alpha + this.minus * this.keep;
    }
    const plusDi = this.tr > 0 ? (100 * this.plus) / this.tr : 0;
    const minusDi = this.tr > 0 ? (100 * this.minus) / this.tr : 0;
    this.plusDi = plusDi;
    this.minusDi = minusDi;
    const sum = plusDi + minusDi;
    const dx = sum > 0 ? (100 * Math.abs(plusDi - minusDi)) / sum : 0;
    const cd = c - p + 1;
    if (cd < p) {
      this.adx += dx;
      return Number.NaN;
    }
    this.adx = cd === p ? (this.adx + dx) / p : dx * this.alpha + this.adx * this.keep;
    return this.adx;
  }
}

/**
 * Average directional index with +DI and −DI (Wilder). ±DI are NaN at 0..period-1, ADX at
 * 0..2·period-2. Pass `out` to reuse three arrays of the input's length.
 */
export function adx(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out?: AdxResult,
): AdxResult {
  checkPeriod(period);
  const n = checkBars(high, low, close);
  const adxOut = outputFor(n, out?.adx);
  const plusOut = outputFor(n, out?.plusDi);
  const minusOut = outputFor(n, out?.minusDi);
  const s = new AdxState(period);
  const warm = Math.min(n, 2 * period);
  for (let i = 0; i < warm; i++) {
    adxOut[i] = s.step(high[i] as number, low[i] as number, close[i] as number);
    plusOut[i] = s.plusDi;
    minusOut[i] = s.minusDi;
  }
  const { alpha, keep } = s;
  let { high: prevHigh, low: prevLow, close: prevClose, tr: atr, plus, minus, adx: value } = s;
  for (let i = warm; i < n; i++) {
    const h = high[i] as number;
    const l = low[i] as number;
    const tr = trueRange(h, l, prevClose);
    const upMove = h - prevHigh;
    const downMove = prevLow - l;
    prevHigh = h;
    prevLow = l;
    prevClose = close[i] as number;
    const plusDm = upMove > downMove && upMove > 0 ? upMove : 0;
    const minusDm = downMove > upMove && downMove > 0 ? downMove : 0;
    atr = tr * alpha + atr * keep;
    plus = plusDm * alpha + plus * keep;
    minus = minusDm * alpha + minus * keep;
    const plusDi = atr > 0 ? (100 * plus) / atr : 0;
    const minusDi = atr > 0 ? (100 * minus) / atr : 0;
    const sum = plusDi + minusDi;
    const dx = sum > 0 ? (100 * Math.abs(plusDi - minusDi)) / sum : 0;
    value = dx * alpha + value * keep;
    adxOut[i] = value;
    plusOut[i] = plusDi;
    minusOut[i] = minusDi;
  }
  return { adx: adxOut, plusDi: plusOut, minusDi: minusOut };
}

/** The streaming form of {@link adx}: `next(high, low, close)` gives the batch values there. */
export class AdxStream {
  readonly period: number;
  #state: AdxState;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#state = new AdxState(period);
  }

  /** The last ADX returned by `next`, NaN while warming up. */
  get value(): number {
    return this.#value;
  }

  get plusDi(): number {
    return this.#state.plusDi;
  }

  get minusDi(): number {
    return this.#state.minusDi;
  }

  next(high: number, low: number, close: number): AdxValue {
    this.#value = this.#state.step(high, low, close);
    return { adx: this.#value, plusDi: this.#state.plusDi, minusDi: this.#state.minusDi };
  }
}
