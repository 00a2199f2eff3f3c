import { inTimeOrder, operationsTotal, type BalanceOperation } from './balance-operations.js';
import { DEFAULT_TIME_ZONE, INITIAL_BALANCE } from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';
import { dayKey, zoneClock } from './zone-clock.js';

/**
 * Balance after each closed position and each balance operation; with only closed positions
 * equity equals balance. `cumulative_profit` sums the trades only.
 */
export interface EquityPoint {
  /** 'YYYY-MM-DD', local calendar day of the close. */
  date: string;
  equity: number;
  balance: number;
  cumulative_profit: number;
  /** Close time, epoch ms. */
  timestamp: number;
}

export interface EquityCurveOptions {
  /** The balance before the first position: baseEndingAt's anchor, else an estimate (10000). */
  base?: number;
  timeZone?: string;
  /** The window's balance operations (any order): each is a step of its own in the curve. */
  operations?: readonly BalanceOperation[];
}

/**
 * One point per position in close-time order (ties keep the input order), and one per balance
 * operation (before a close at the same instant): a deposit shows as a step, not as profit.
 */
export function equityCurve(
  positions: readonly PositionLike[],
  options: EquityCurveOptions = {},
): EquityPoint[] {
  const base = options.base ?? INITIAL_BALANCE;
  const clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const ordered = [...positions].sort((a, b) => a.close_time - b.close_time);
  const operations = inTimeOrder(options.operations ?? []);
  let cumulative = 0;
  let moved = 0;
  const points: EquityPoint[] = [];
  const point = (time: number): EquityPoint => ({
    date: dayKey(clock.localDay(time)),
    equity: base + moved + cumulative,
    balance: base + moved + cumulative,
    cumulative_profit: cumulative,
    timestamp: time,
  });
  let next = 0;
  const operationsUntil = (time: number) => {
    for (let op = operations[next]; op !== undefined && op.time <= time; op = operations[++next]) {
      moved += op.amount;
      points.push(point(op.time));
    }
  };
  for (const position of ordered) {
    operationsUntil(position.close_time);
    cumulative += netProfitOf(position);
    points.push(point(position.close_time));
  }
  operationsUntil(Number.POSITIVE_INFINITY);
  return points;
}

/**
 * The starting balance that makes the running balance over `positions` and the window's
 * balance `operations` end at `endBalance` (the account's balance when the window ends): the
 * curve is anchored to real money.
 */
export function baseEndingAt(
  positions: readonly PositionLike[],
  endBalance: number,
  operations: readonly BalanceOperation[] = [],
): number {
  let total = 0;
  for (const position of positions) total += netProfitOf(position);
  return endBalance - total - operationsTotal(operations);
}
