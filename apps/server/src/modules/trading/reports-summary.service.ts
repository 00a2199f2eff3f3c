import {
  MS_PER_DAY,
  reportsSummary,
  type ReportRangeSchema,
  type ReportsSummary,
} from '@vortex/core';
import type { z } from 'zod';
import { positionsOfUser, type TradingReadDeps } from './statistics.service.js';
import type { TimeRange } from './trading-range.js';

const RANGE_DAYS: Record<z.infer<typeof ReportRangeSchema>, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/** A report range as the last N × 24 hours up to now, as the statistics screen's presets. */
export function reportRange(range: z.infer<typeof ReportRangeSchema>, now = Date.now()): TimeRange {
  return { from: now - RANGE_DAYS[range] * MS_PER_DAY, to: now };
}

/** GET /api/reports/summary. */
export async function reportsSummaryOf(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
): Promise<ReportsSummary> {
  return reportsSummary((await positionsOfUser(deps, userId, range)).positions);
}
