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
import type pg from 'pg';
import type { PositionsCache } from './positions-cache.js';
import { localDateKey, localMidnight, type TimeRange } from './trading-range.js';
import { currentAccountOf, type TradingAccount } from './trading.repo.js';

type ClosedPositionRecord = z.infer<typeof ClosedPositionRecordSchema>;
const LAST_CLOSED = 5;
const SUMMARY_DAYS = 7;

export function positionRecord(position: ClosedPosition): ClosedPositionRecord {
  return { ...position, net_profit: netProfitOf(position) };
}

/** What the trading reads need: the database, and the accounts' positions kept warm. */
export interface TradingReadDeps {
  pool: pg.Pool;
  positions: PositionsCache;
}

/**
 * The positions of the user's current account closed in the range (and of the magic, when
 * given), by close time; none without an account. `dealsProcessed` counts the trade deals of
 * the account's history the positions were built from.
 */
export async function positionsOfUser(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
): Promise<{
  account: TradingAccount | undefined;
  positions: ClosedPosition[];
  dealsProcessed: number;
}> {
  const account = await currentAccountOf(deps.pool, userId);
  if (!account) return { account, positions: [], dealsProcessed: 0 };
  const book = await deps.positions.bookOf(account.id, account.deals);
  const inRange = book.closedBetween(range.from, range.to);
  return {
    account,
    positions: magic === undefined ? inRange : inRange.filter((p) => p.magic === magic),
    dealsProcessed: book.dealCount,
  };
}

/** Statistics screen figures: the running balance starts at 10000 (spec §9). */
export function statisticsOf(positions: readonly ClosedPosition[]): StatisticsRecord {
  return statisticsRecord(positions, { initialBalance: INITIAL_BALANCE });
}

/** GET /dashboard/stats: the statistics object for the range, with its daily stats. */
export async function dashboardStats(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
): Promise<z.infer<typeof DashboardStatsResponseSchema>['data']> {
  const { positions } = await positionsOfUser(deps, userId, range, magic);
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
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
  now = Date.now(),
): Promise<z.infer<typeof OverviewResponseSchema>['data']> {
  const [inRange, recent] = await Promise.all([
    positionsOfUser(deps, userId, range, magic),
    positionsOfUser(deps, userId, lastDaysRange(now), magic),
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
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
) {
  const { positions } = await positionsOfUser(deps, userId, range, magic);
  return equityCurve(positions, { base: DASHBOARD_BASE_BALANCE });
}
