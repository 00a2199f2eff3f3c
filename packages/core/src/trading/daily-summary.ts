import { MS_PER_DAY } from './constants.js';
import type { DailyStats } from './daily-stats.js';

/** The dashboard's 'last 7 days' card (spec §2), from the daily stats of those days. */
export interface LastDaysSummary {
  total_profit: number;
  /** Percent of the window's trades that won, 0–100. */
  win_rate: number;
  /** Highest and lowest net day; earliest on ties; null without trades. */
  best_day: DailyStats | null;
  worst_day: DailyStats | null;
  positive_days: number;
  negative_days: number;
  /** The days of the window that had trades, oldest first. */
  days: DailyStats[];
}

const dayNumber = (key: string): number => Math.floor(Date.parse(`${key}T00:00:00Z`) / MS_PER_DAY);

/** Days of `daily` within the `count` local days ending with `todayKey` ('YYYY-MM-DD'). */
export function lastDaysSummary(
  daily: readonly DailyStats[],
  todayKey: string,
  count = 7,
): LastDaysSummary {
  const today = dayNumber(todayKey);
  const days = daily.filter((d) => {
    const n = dayNumber(d.date);
    return n <= today && n > today - count;
  });
  let trades = 0;
  let wins = 0;
  let total = 0;
  let best: DailyStats | null = null;
  let worst: DailyStats | null = null;
  for (const day of days) {
    trades += day.trades;
    wins += day.wins;
    total += day.netProfit;
    if (best === null || day.netProfit > best.netProfit) best = day;
    if (worst === null || day.netProfit < worst.netProfit) worst = day;
  }
  return {
    total_profit: total,
    win_rate: trades > 0 ? (wins / trades) * 100 : 0,
    best_day: best,
    worst_day: worst,
    positive_days: days.filter((d) => d.netProfit > 0).length,
    negative_days: days.filter((d) => d.netProfit < 0).length,
    days,
  };
}

/** The stats of the local day `todayKey`, or null when nothing closed that day. */
export function todayStats(daily: readonly DailyStats[], todayKey: string): DailyStats | null {
  return daily.find((d) => d.date === todayKey) ?? null;
}
