import {
  lastDaysWindow,
  REPORT_RANGE_DAYS,
  reportsSummary,
  type ReportRangeSchema,
  type ReportsSummary,
} from '@vortex/core';
import type { z } from 'zod';
import { positionsOfUser, type TradingReadDeps } from './statistics.service.js';
import type { TimeRange } from './trading-range.js';

/** A report range as the last N calendar days up to now, as every screen reads them. */
export function reportRange(range: z.infer<typeof ReportRangeSchema>, now = Date.now()): TimeRange {
  return lastDaysWindow(REPORT_RANGE_DAYS[range], now);
}

/** GET /api/reports/summary. */
export async function reportsSummaryOf(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
): Promise<ReportsSummary> {
  return reportsSummary((await positionsOfUser(deps, userId, range)).positions);
}
