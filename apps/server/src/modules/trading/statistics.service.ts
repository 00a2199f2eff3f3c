import {
  DASHBOARD_BASE_BALANCE,
  INITIAL_BALANCE,
  dailyStats,
  dailyStatsRecord,
  equityCurve,
  hourlyBreakdown,
  lastDaysSummary,
  netProfitOf,
  profitHistogram,
  statisticsRecord,
  todayStats,
  type ClosedPosition,
  type ClosedPositionRecordSchema,
  type DashboardStatsResponseSchema,
  type OverviewResponseSchema,
  type StatisticsRecord,
} from '@vortex/core';
import type { z } from 'zod';
import type { Queryable } from '../../lib/db-types.js';
import { loadPositions } from './positions-loader.js';
import { localDateKey, localMidnight, type TimeRange } from './trading-range.js';
import { currentAccountOf } from './trading.repo.js';

type ClosedPositionRecord = z.infer<typeof ClosedPositionRecordSchema>;
const LAST_CLOSED = 5;
const SUMMARY_DAYS = 7;

export function positionRecord(position: ClosedPosition): ClosedPositionRecord {
  return { ...position, net_profit: netProfitOf(position) };
}

/** The positions of the user's current account closed in the range; none without an account. */
export async function positionsOfUser(
  db: Queryable,
  userId: number,
  range: TimeRange,
  magic?: number,
) {
  const account = await currentAccountOf(db, userId);
  if (!account) return { account, positions: [], exitReason: () => 'UNKNOWN', dealsProcessed: 0 };
  return { account, ...(await loadPositions(db, account.id, range, magic)) };
}

/** Statistics screen figures: the running balance starts at 10000 (spec §9). */
export function statisticsOf(positions: readonly ClosedPosition[]): StatisticsRecord {
  return statisticsRecord(positions, { initialBalance: INITIAL_BALANCE });
}

/** GET /dashboard/stats: the statistics object for the range, with its daily stats. */
export async function dashboardStats(
  db: Queryable,
  userId: number,
  range: TimeRange,
  magic?: number,
): Promise<z.infer<typeof DashboardStatsResponseSchema>['data']> {
  const { positions } = await positionsOfUser(db, userId, range, magic);
  return {
    ...statisticsOf(positions),
    daily_stats: dailyStats(positions).map(dailyStatsRecord),
  };
}

/** The last 7 local days, today included, ending now. */
function lastDaysRange(now: number): TimeRange {
  const [year, month, day] = localDateKey(now).split('-').map(Number);
  const from = localMidnight(year ?? 1970, month ?? 1, (day ?? 1) - (SUMMARY_DAYS - 1));
  return { from, to: now };
}

/** GET /dashboard/overview: the cards and the four charts of the dashboard. */
export async function dashboardOverview(
  db: Queryable,
  userId: number,
  range: TimeRange,
  magic?: number,
  now = Date.now(),
): Promise<z.infer<typeof OverviewResponseSchema>['data']> {
  const [inRange, recent] = await Promise.all([
    positionsOfUser(db, userId, range, magic),
    positionsOfUser(db, userId, lastDaysRange(now), magic),
  ]);
  const { positions } = inRange;
  const todayKey = localDateKey(now);
  const recentDays = dailyStats(recent.positions);
  const summary = lastDaysSummary(recentDays, todayKey, SUMMARY_DAYS);
  const today = todayStats(recentDays, todayKey);
  return {
    statistics: statisticsOf(positions),
    today: today && dailyStatsRecord(today),
    last_7_days: {
      ...summary,
      best_day: summary.best_day && dailyStatsRecord(summary.best_day),
      worst_day: summary.worst_day && dailyStatsRecord(summary.worst_day),
      days: summary.days.map(dailyStatsRecord),
    },
    // The dashboard's estimated balance starts from its fixed base (spec §9).
    equity_curve: equityCurve(positions, { base: DASHBOARD_BASE_BALANCE }),
    hourly: hourlyBreakdown(positions, { now }),
    histogram: profitHistogram(positions),
    last_closed: positions.slice(-LAST_CLOSED).reverse().map(positionRecord),
  };
}

/** GET /trading/equity-curve: the dashboard's curve, from its base of 50000. */
export async function equityCurveOf(
  db: Queryable,
  userId: number,
  range: TimeRange,
  magic?: number,
) {
  const { positions } = await positionsOfUser(db, userId, range, magic);
  return equityCurve(positions, { base: DASHBOARD_BASE_BALANCE });
}
