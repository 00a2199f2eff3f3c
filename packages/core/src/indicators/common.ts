/**
 * Shared checks of the indicators. Every batch function takes typed arrays and returns NaN at
 * the indices before its warm-up ends; reads in the hot loops use `as number` because the loop
 * bounds keep every index inside the array (noUncheckedIndexedAccess cannot see that).
 */

/** Throws unless `period` is an integer >= 1. */
export function checkPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`${name} must be an integer >= 1, got ${period}`);
  }
}

/** The caller's `out` (same length as the input) or a new array. */
export function outputFor(length: number, out?: Float64Array): Float64Array {
  if (out === undefined) return new Float64Array(length);
  if (out.length !== length) {
    throw new RangeError(`out has length ${out.length}, the input has ${length}`);
  }
  return out;
}

/** Throws unless the high, low and close columns have one length. */
export function checkBars(high: Float64Array, low: Float64Array, close?: Float64Array): number {
  const n = high.length;
  if (low.length !== n || (close !== undefined && close.length !== n)) {
    throw new RangeError('high, low and close must have the same length');
  }
  return n;
}

/** max(high - low, |high - previous close|, |low - previous close|), written out for speed. */
export function trueRange(high: number, low: number, previousClose: number): number {
  let range = high - low;
  const up = high > previousClose ? high - previousClose : previousClose - high;
  const down = low > previousClose ? low - previousClose : previousClose - low;
  if (up > range) range = up;
  if (down > range) range = down;
  return range;
}
