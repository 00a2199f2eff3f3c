import { checkBars, checkPeriod, outputFor, trueRange } from './common.js';

/**
 * Average true range with Wilder's smoothing (alpha = 1/period), as trading-signals and
 * TradingView's ta.atr define it: bar 0 has no previous close, so its true range is high − low;
 * the first ATR, at index period-1, is the mean of the true ranges of bars 0..period-1; then
 * `atr = tr / period + atr · (1 − 1/period)`. NaN at 0..period-2.
 */
export function atr(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out?: Float64Array,
): Float64Array {
  checkPeriod(period);
  const n = checkBars(high, low, close);
  const result = outputFor(n, out);
  if (n === 0) return result;
  const alpha = 1 / period;
  const keep = 1 - alpha;
  const warm = Math.min(period, n);
  let sum = (high[0] as number) - (low[0] as number);
  result[0] = period === 1 ? sum : Number.NaN;
  for (let i = 1; i < warm; i++) {
    sum += trueRange(high[i] as number, low[i] as number, close[i - 1] as number);
    result[i] = i === period - 1 ? sum / period : Number.NaN;
  }
  if (period > n) return result;
  let value = sum / period;
  for (let i = period; i < n; i++) {
    const tr = trueRange(high[i] as number, low[i] as number, close[i - 1] as number);
    value = tr * alpha + value * keep;
    result[i] = value;
  }
  return result;
}

/** The streaming form of {@link atr}: `next(high, low, close)` gives what `atr` gives there. */
export class AtrStream {
  readonly period: number;
  #alpha: number;
  #keep: number;
  #count = 0;
  #sum = 0;
  #previousClose = Number.NaN;
  #value = Number.NaN;

  constructor(period: number) {
    checkPeriod(period);
    this.period = period;
    this.#alpha = 1 / period;
    this.#keep = 1 - this.#alpha;
  }

  /** The last value returned by `next`, NaN while warming up. */
  get value(): number {
    return this.#value;
  }

  next(high: number, low: number, close: number): number {
    const tr = this.#count === 0 ? high - low : trueRange(high, low, this.#previousClose);
    this.#previousClose = close;
    this.#count++;
    if (this.#count < this.period) {
      this.#sum += tr;
    } else if (this.#count === this.period) {
      this.#sum += tr;
      this.#value = this.#sum / this.period;
    } else {
      this.#value = tr * this.#alpha + this.#value * this.#keep;
    }
    return this.#value;
  }
}
