import type { DailyStatsSchema, StatisticsRecord } from './api.schema.js';
import { buildPositionColumns } from './columns.js';
import type { DailyStats } from './daily-stats.js';
import { computeExtraStatistics, sideStatistics } from './extra-statistics.js';
import type { ClosedPosition } from './position.js';
import { computeStatisticsFromColumns, type StatisticsOptions } from './statistics.js';
import type { z } from 'zod';

export type DailyStatsRecord = z.infer<typeof DailyStatsSchema>;

/** Infinity does not survive JSON: an infinite profit factor travels as null ('∞'). */
export function factorRecord(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

export function dailyStatsRecord(day: DailyStats): DailyStatsRecord {
  return { ...day, profitFactor: factorRecord(day.profitFactor) };
}

type StatisticsPosition = Pick<
  ClosedPosition,
  'symbol' | 'type' | 'profit' | 'commission' | 'fee' | 'swap' | 'open_time' | 'close_time'
>;

/**
 * The statistics object of the API (spec §3 plus the extras) for positions in any order: one
 * set of columns feeds both the §3 figures and the extras, so they describe the same trades.
 */
export function statisticsRecord(
  positions: readonly StatisticsPosition[],
  options: StatisticsOptions = {},
): StatisticsRecord {
  const columns = buildPositionColumns(positions);
  const stats = computeStatisticsFromColumns(columns, options);
  return {
    ...stats,
    profit_factor: factorRecord(stats.profit_factor),
    ...computeExtraStatistics(columns, stats.max_drawdown),
    ...sideStatistics(positions),
  };
}
