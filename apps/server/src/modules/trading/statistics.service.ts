import {
  baseEndingAt,
  comparePositions,
  DASHBOARD_BASE_BALANCE,
  HOURLY_WINDOW_DAYS,
  INITIAL_BALANCE,
  dailyStats,
  dailyStatsRecord,
  equityCurve,
  hourlyBreakdown,
  hoursShown,
  lastClosedPositions,
  lastDaysSummary,
  lastDaysWindow,
  netProfitOf,
  profitHistogram,
  positionsRisk,
  statisticsRecord,
  todayStats,
  type BalanceBasis,
  type BalanceOperation,
  type ClosedPosition,
  type ClosedPositionRecordSchema,
  type DashboardStatsResponseSchema,
  type OverviewResponseSchema,
  type StatisticsRecord,
} from '@vortex/core';
import type { z } from 'zod';
import type pg from 'pg';
import { balanceOperationsBetween } from './balance-operations.repo.js';
import { storedBalanceBefore } from './day-totals.repo.js';
import type { PositionsCache } from './positions-cache.js';
import { localDateKey, type TimeRange } from './trading-range.js';
import { currentAccountOf, type TradingAccount } from './trading.repo.js';

type ClosedPositionRecord = z.infer<typeof ClosedPositionRecordSchema>;
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
  const { positions: inRange, dealCount } = await deps.positions.closedBetween(
    account.id,
    account.deals,
    range.from,
    range.to,
  );
  return {
    account,
    positions: magic === undefined ? inRange : inRange.filter((p) => p.magic === magic),
    dealsProcessed: dealCount,
  };
}

/**
 * Statistics figures, the running balance from `initialBalance` (10000 as an estimate, §9) and
 * moved by the window's balance operations. The risk figures are the ones MT5 prints in its trade
 * reports (issue 26), so the screens and an imported report's Results agree: the drawdowns on the
 * balance as the terminal walks it (a withdrawal is no fall, a bonus taken back is one), the
 * recovery and Calmar ratios on them, and the Sharpe ratio of each position's net over the
 * balance before it (core's positionsRisk); core's statistics keep §9's readings.
 */
export function statisticsOf(
  positions: readonly ClosedPosition[],
  initialBalance = INITIAL_BALANCE,
  operations: readonly BalanceOperation[] = [],
): StatisticsRecord {
  const record = statisticsRecord(positions, { initialBalance, operations });
  const walked = inCloseOrder(positions) ? positions : [...positions].sort(comparePositions);
  const risk = positionsRisk(walked, initialBalance, operations);
  const drawdown = risk.maximal.money;
  const drawdownPercent = risk.relative.percent;
  return {
    ...record,
    max_drawdown: drawdown,
    max_drawdown_percent: drawdownPercent,
    sharpe_ratio: risk.sharpe_ratio,
    recovery_factor: drawdown > 0 ? record.profit / drawdown : 0,
    calmar_ratio: drawdownPercent > 0 ? record.profit_percentage / drawdownPercent : 0,
  };
}

function inCloseOrder(positions: readonly ClosedPosition[]): boolean {
  for (let i = 1; i < positions.length; i++) {
    if ((positions[i]?.close_time ?? 0) < (positions[i - 1]?.close_time ?? 0)) return false;
  }
  return true;
}

/** What a window's balances need besides its positions. */
export interface WindowBalance {
  /** The account's balance when the window ends; null when it is not known. */
  end: number | null;
  /** Deposits, withdrawals and the other balance operations inside the window, by time. */
  operations: BalanceOperation[];
}

/**
 * The account's balance when the range ends, as the MT5 statement infers it (reports.repo's
 * balanceBefore, from the stored day totals), and the range's balance operations. The end is
 * null while neither the bridge has sent a balance nor the deals hold a deposit.
 */
export async function windowBalanceOf(
  pool: pg.Pool,
  account: TradingAccount | undefined,
  range: TimeRange,
): Promise<WindowBalance> {
  if (!account) return { end: null, operations: [] };
  // Read after the account's positions: the follower's day totals are then as current as they.
  const [end, operations] = await Promise.all([
    storedBalanceBefore(pool, account.id, range.to + 1, account.balance),
    balanceOperationsBetween(pool, account.id, range.from, range.to),
  ]);
  return { end, operations };
}

/**
 * Where the window's balances start: so that they end at the account's balance when it is
 * known (the trades and the operations taken off it); else at the spec's fixed base, marked as
 * an estimate.
 */
export function balanceBasisOf(
  endBalance: number | null,
  positions: readonly ClosedPosition[],
  estimateBase: number,
  operations: readonly BalanceOperation[] = [],
): BalanceBasis {
  return endBalance === null
    ? { source: 'estimate', initial_balance: estimateBase }
    : { source: 'account', initial_balance: baseEndingAt(positions, endBalance, operations) };
}

/** GET /dashboard/stats: the statistics object for the range, with its daily stats. */
export async function dashboardStats(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
): Promise<z.infer<typeof DashboardStatsResponseSchema>['data']> {
  const { account, positions } = await positionsOfUser(deps, userId, range, magic);
  const { end, operations } = await windowBalanceOf(deps.pool, account, range);
  return statsBody(positions, end, operations);
}

/**
 * /dashboard/stats' figures of the range's positions and balance operations, balances ending
 * at `endBalance`.
 */
export function statsBody(
  positions: readonly ClosedPosition[],
  endBalance: number | null,
  operations: readonly BalanceOperation[] = [],
): z.infer<typeof DashboardStatsResponseSchema>['data'] {
  const basis = balanceBasisOf(endBalance, positions, INITIAL_BALANCE, operations);
  return {
    ...statisticsOf(positions, basis.initial_balance, operations),
    daily_stats: dailyStats(positions).map(dailyStatsRecord),
    balance_basis: basis,
  };
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
    positionsOfUser(deps, userId, lastDaysWindow(SUMMARY_DAYS, now), magic),
  ]);
  const { end, operations } = await windowBalanceOf(deps.pool, inRange.account, range);
  return overviewBody(inRange.positions, recent.positions, end, range, now, operations, {
    currency: inRange.account?.currency,
  });
}

/**
 * /dashboard/overview's cards and charts: `positions` of the range, `recent` of the last
 * SUMMARY_DAYS, balances ending at `end`, moved by the range's balance `operations`.
 */
export function overviewBody(
  positions: readonly ClosedPosition[],
  recent: readonly ClosedPosition[],
  end: number | null,
  range: TimeRange,
  now: number,
  operations: readonly BalanceOperation[] = [],
  /** The account's currency picks the hourly chart's hours (B3's 9–18 in reais, else 24). */
  account: { currency?: string | undefined } = {},
): z.infer<typeof OverviewResponseSchema>['data'] {
  // Two estimates differ (§9's two bases); with the account known both are the same anchor.
  const statsBasis = balanceBasisOf(end, positions, INITIAL_BALANCE, operations);
  const curveBasis = balanceBasisOf(end, positions, DASHBOARD_BASE_BALANCE, operations);
  const todayKey = localDateKey(now);
  const recentDays = dailyStats(recent);
  const summary = lastDaysSummary(recentDays, todayKey, SUMMARY_DAYS);
  const today = todayStats(recentDays, todayKey);
  // §9: at most 7 days, the same calendar days as the summary when the range ends now.
  const hourlyFrom = Math.max(range.from, lastDaysWindow(HOURLY_WINDOW_DAYS, range.to).from);
  return {
    statistics: statisticsOf(positions, statsBasis.initial_balance, operations),
    today: today && dailyStatsRecord(today),
    last_7_days: {
      ...summary,
      best_day: summary.best_day && dailyStatsRecord(summary.best_day),
      worst_day: summary.worst_day && dailyStatsRecord(summary.worst_day),
      days: summary.days.map(dailyStatsRecord),
    },
    equity_curve: equityCurve(positions, { base: curveBasis.initial_balance, operations }),
    balance_basis: curveBasis,
    hourly: hourlyBreakdown(
      positions.filter((p) => p.close_time >= hourlyFrom),
      { hours: hoursShown(account.currency ?? 'BRL') },
    ),
    histogram: profitHistogram(positions),
    last_closed: lastClosedPositions(positions).map(positionRecord),
  };
}

/** GET /trading/equity-curve: the dashboard's curve, ending at the account's balance. */
export async function equityCurveOf(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  magic?: number,
) {
  const { account, positions } = await positionsOfUser(deps, userId, range, magic);
  const { end, operations } = await windowBalanceOf(deps.pool, account, range);
  const basis = balanceBasisOf(end, positions, DASHBOARD_BASE_BALANCE, operations);
  return { curve: equityCurve(positions, { base: basis.initial_balance, operations }), basis };
}
