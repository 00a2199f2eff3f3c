import { netProfitOf, type PositionLike } from './position.js';

/**
 * Positions as struct-of-arrays for the statistics kernel, ordered by close time (the order
 * the running balance and the drawdown need). Build it with buildPositionColumns.
 */
export interface PositionColumns {
  readonly length: number;
  /** profit + commission + fee + swap. */
  readonly net: Float64Array;
  /** Epoch ms. */
  readonly openTime: Float64Array;
  /** Epoch ms, non-decreasing. */
  readonly closeTime: Float64Array;
  /** Index into `symbols`. */
  readonly symbol: Int32Array;
  readonly symbols: readonly string[];
}

const finiteOrZero = (value: number): number => (Number.isFinite(value) ? value : 0);

/** Row order by close time, ties in input order; null when the input is already in order. */
function closeTimeOrder(positions: readonly PositionLike[]): Uint32Array | null {
  let previous = Number.NEGATIVE_INFINITY;
  let sorted = true;
  for (const position of positions) {
    const time = finiteOrZero(position.close_time);
    if (time < previous) {
      sorted = false;
      break;
    }
    previous = time;
  }
  if (sorted) return null;
  const order = new Uint32Array(positions.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const time = (i: number): number => finiteOrZero(positions[i]?.close_time ?? 0);
  // Typed-array sort is not guaranteed stable: the index breaks ties explicitly.
  return order.sort((a, b) => time(a) - time(b) || a - b);
}

/** A view of `n` elements over `previous`'s memory when it is large enough, else a new array. */
function float64(previous: Float64Array | undefined, n: number): Float64Array {
  return previous && previous.buffer.byteLength >= n * 8
    ? new Float64Array(previous.buffer, 0, n)
    : new Float64Array(n);
}

/**
 * Columns from position objects; non-finite numbers count as 0 so no NaN reaches the kernel.
 * With `reuse`, its buffers are overwritten when large enough (the old columns become invalid):
 * allocating tens of MB per call makes V8 run full collections over the caller's heap.
 */
export function buildPositionColumns(
  positions: readonly PositionLike[],
  reuse?: PositionColumns,
): PositionColumns {
  const length = positions.length;
  const net = float64(reuse?.net, length);
  const openTime = float64(reuse?.openTime, length);
  const closeTime = float64(reuse?.closeTime, length);
  const symbol =
    reuse && reuse.symbol.buffer.byteLength >= length * 4
      ? new Int32Array(reuse.symbol.buffer, 0, length)
      : new Int32Array(length);
  const symbols: string[] = [];
  const symbolIndex = new Map<string, number>();
  const order = closeTimeOrder(positions);
  for (let row = 0; row < length; row++) {
    const position = positions[order === null ? row : (order[row] ?? 0)];
    const name = position?.symbol ?? '';
    net[row] = position ? netProfitOf(position) : 0;
    openTime[row] = finiteOrZero(position?.open_time ?? 0);
    closeTime[row] = finiteOrZero(position?.close_time ?? 0);
    let index = symbolIndex.get(name);
    if (index === undefined) {
      index = symbols.length;
      symbols.push(name);
      symbolIndex.set(name, index);
    }
    symbol[row] = index;
  }
  return { length, net, openTime, closeTime, symbol, symbols };
}
