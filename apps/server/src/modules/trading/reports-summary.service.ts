import { reportsSummary, type ReportsSummary } from '@vortex/core';
import { positionsOfUser, type TradingReadDeps } from './statistics.service.js';
import { resolvePeriod, type PeriodQuery, type TimeRange } from './trading-range.js';

/** A report's period: the last N calendar days up to now as every screen reads them, or any. */
export function reportRange(query: PeriodQuery, now = Date.now()): TimeRange {
  return resolvePeriod(query, now);
}

/** GET /api/reports/summary. */
export async function reportsSummaryOf(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
): Promise<ReportsSummary> {
  return reportsSummary((await positionsOfUser(deps, userId, range)).positions);
}
