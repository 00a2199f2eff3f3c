import { DEFAULT_TIME_ZONE, INITIAL_BALANCE } from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';
import { dayKey, zoneClock } from './zone-clock.js';

/** Balance after each closed position; with only closed positions equity equals balance. */
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
}

/** One point per position in close-time order (ties keep the input order). */
export function equityCurve(
  positions: readonly PositionLike[],
  options: EquityCurveOptions = {},
): EquityPoint[] {
  const base = options.base ?? INITIAL_BALANCE;
  const clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const ordered = [...positions].sort((a, b) => a.close_time - b.close_time);
  let cumulative = 0;
  return ordered.map((position) => {
    cumulative += netProfitOf(position);
    return {
      date: dayKey(clock.localDay(position.close_time)),
      equity: base + cumulative,
      balance: base + cumulative,
      cumulative_profit: cumulative,
      timestamp: position.close_time,
    };
  });
}

/**
 * The starting balance that makes the running balance over `positions` end at `endBalance`
 * (the account's balance when the window ends): the curve is anchored to real money.
 */
export function baseEndingAt(positions: readonly PositionLike[], endBalance: number): number {
  let total = 0;
  for (const position of positions) total += netProfitOf(position);
  return endBalance - total;
}
