import { DEFAULT_TIME_ZONE } from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';
import { profitFactor } from './profit-factor.js';
import { dayKey, zoneClock } from './zone-clock.js';

/** One local calendar day of closed positions (spec §3 'Daily stats derived'); money is net. */
export interface DailyStats {
  /** 'YYYY-MM-DD' on the local calendar of the zone. */
  date: string;
  trades: number;
  wins: number;
  losses: number;
  breakeven: number;
  /** Sum of winning nets (>= 0). */
  grossProfit: number;
  /** Sum of losing nets (<= 0), so netProfit = grossProfit + grossLoss. */
  grossLoss: number;
  netProfit: number;
  /** Percent of the day's trades that won, 0–100. */
  winRate: number;
  profitFactor: number;
}

/** Daily stats by the local day of each close time, oldest day first. */
export function dailyStats(
  positions: readonly PositionLike[],
  timeZone: string = DEFAULT_TIME_ZONE,
): DailyStats[] {
  const clock = zoneClock(timeZone);
  const days = new Map<number, Omit<DailyStats, 'date' | 'winRate' | 'profitFactor'>>();
  for (const position of positions) {
    const day = clock.localDay(position.close_time);
    let bucket = days.get(day);
    if (!bucket) {
      bucket = {
        trades: 0,
        wins: 0,
        losses: 0,
        breakeven: 0,
        grossProfit: 0,
        grossLoss: 0,
        netProfit: 0,
      };
      days.set(day, bucket);
    }
    const net = netProfitOf(position);
    bucket.trades++;
    bucket.netProfit += net;
    if (net > 0) {
      bucket.wins++;
      bucket.grossProfit += net;
    } else if (net < 0) {
      bucket.losses++;
      bucket.grossLoss += net;
    } else bucket.breakeven++;
  }
  return [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, bucket]) => ({
      date: dayKey(day),
      ...bucket,
      winRate: (bucket.wins / bucket.trades) * 100,
      profitFactor: profitFactor(bucket.grossProfit, bucket.grossLoss),
    }));
}
