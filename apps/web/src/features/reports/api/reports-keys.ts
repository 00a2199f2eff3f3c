import { REPORT_RANGES, ReportRangeSchema } from '@vortex/core';

export type ReportRange = (typeof REPORT_RANGES)[number];

/** trading.md §2: the reports open on the last 7 days. */
export const DEFAULT_REPORT_RANGE: ReportRange = ReportRangeSchema.parse('7d');

/** A range from the address bar, or the default when it is missing or unknown. */
export function parseReportRange(value: string | null): ReportRange {
  const parsed = ReportRangeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_REPORT_RANGE;
}

export const reportsKeys = {
  all: ['reports'] as const,
  summary: (range: ReportRange) => ['reports', 'summary', range] as const,
};
