import type { PositionColumns } from './columns.js';
import { netProfitOf, type ClosedPosition } from './position.js';
import { sampleStandardDeviation } from './statistics-pass.js';

/** Figures traders' tools show beyond spec §3; money is net, percentages 0–100. */
export interface ExtraStatistics {
  /** mean / downside deviation (root mean square of the losses over all trades, target 0). */
  sortino_ratio: number;
  /** Mean net per trade. */
  expectancy: number;
  /** Van Tharp's system quality number: sqrt(n) · mean / sample standard deviation. */
  sqn: number;
  /** Net profit / max drawdown in money; 0 without drawdown (no Infinity in JSON). */
  recovery_factor: number;
  /** Longest runs of nets > 0 and < 0 in close-time order; a breakeven trade ends both. */
  max_consecutive_wins: number;
  max_consecutive_losses: number;
}

export interface SideStatistics {
  long_trades: number;
  /** Percent of the long positions with net > 0. */
  long_win_rate: number;
  short_trades: number;
  short_win_rate: number;
}

/** The extra figures from close-time-ordered columns; `maxDrawdown` as computeStatistics gives it. */
export function computeExtraStatistics(
  columns: PositionColumns,
  maxDrawdown: number,
): ExtraStatistics {
  const n = columns.length;
  const { net } = columns;
  let sum = 0;
  let downside = 0;
  let wins = 0;
  let losses = 0;
  let maxWins = 0;
  let maxLosses = 0;
  for (let i = 0; i < n; i++) {
    const value = net[i] ?? 0;
    sum += value;
    if (value < 0) downside += value * value;
    wins = value > 0 ? wins + 1 : 0;
    losses = value < 0 ? losses + 1 : 0;
    if (wins > maxWins) maxWins = wins;
    if (losses > maxLosses) maxLosses = losses;
  }
  const mean = n > 0 ? sum / n : 0;
  const downsideDeviation = n > 0 ? Math.sqrt(downside / n) : 0;
  const deviation = sampleStandardDeviation(net.subarray(0, n), mean);
  return {
    sortino_ratio: downsideDeviation > 0 ? mean / downsideDeviation : 0,
    expectancy: mean,
    sqn: deviation > 0 ? (Math.sqrt(n) * mean) / deviation : 0,
    recovery_factor: maxDrawdown > 0 ? sum / maxDrawdown : 0,
    max_consecutive_wins: maxWins,
    max_consecutive_losses: maxLosses,
  };
}

/** Long (BUY) versus short (SELL) counts and win rates; order does not matter. */
export function sideStatistics(
  positions: readonly Pick<ClosedPosition, 'type' | 'profit' | 'commission' | 'fee' | 'swap'>[],
): SideStatistics {
  let long = 0;
  let longWins = 0;
  let short = 0;
  let shortWins = 0;
  for (const position of positions) {
    const won = netProfitOf(position) > 0 ? 1 : 0;
    if (position.type === 'BUY') {
      long++;
      longWins += won;
    } else {
      short++;
      shortWins += won;
    }
  }
  return {
    long_trades: long,
    long_win_rate: long > 0 ? (longWins / long) * 100 : 0,
    short_trades: short,
    short_win_rate: short > 0 ? (shortWins / short) * 100 : 0,
  };
}
