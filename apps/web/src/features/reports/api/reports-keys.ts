import { REPORT_PERIODS, REPORT_RANGES, ReportRangeSchema, type ReportRange } from '@vortex/core';
import type { DayKey } from '../../../components/period/period';

export type { ReportRange };

/** The select's choices: the spec's ranges, 'Todo o histórico', then a custom 'De / Até'. */
export const RANGE_CHOICES = [...REPORT_PERIODS, 'custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

/** What the reports read: a named range, or custom São Paulo days (both included). */
export type ReportPeriod = { range: ReportRange } | { range: 'custom'; from: DayKey; to: DayKey };

/** trading.md §2: the reports open on the last 7 days. */
export const DEFAULT_REPORT_RANGE: (typeof REPORT_RANGES)[number] = '7d';

/** A range from the address bar, or the default when it is missing or unknown. */
export function parseReportRange(value: string | null): ReportRange {
  const parsed = ReportRangeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_REPORT_RANGE;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period in the address (?range=30d, or ?range=custom&start=…&end=…); null when it names
 * none, so the screen chooses (the default, or an old account's whole history).
 */
export function parseReportPeriod(params: URLSearchParams): ReportPeriod | null {
  const range = params.get('range');
  if (range === 'custom') {
    const [from, to] = [params.get('start') ?? '', params.get('end') ?? ''];
    if (DAY.test(from) && DAY.test(to) && from <= to) return { range, from, to };
    return null;
  }
  return range === null ? null : { range: parseReportRange(range) };
}

/** The address of a period: nothing for the default, so a plain /reports link stays plain. */
export function periodParams(period: ReportPeriod): Record<string, string> {
  if (period.range === 'custom') return { range: 'custom', start: period.from, end: period.to };
  return period.range === DEFAULT_REPORT_RANGE ? {} : { range: period.range };
}

/** The summary's query and the statement's period fields: a custom one by its two days. */
export function periodFields(
  period: ReportPeriod,
): { range: ReportRange } | { start: DayKey; end: DayKey } {
  return period.range === 'custom' ? { start: period.from, end: period.to } : period;
}

export const reportsKeys = {
  all: ['reports'] as const,
  summary: (period: ReportPeriod) =>
    period.range === 'custom'
      ? (['reports', 'summary', 'custom', period.from, period.to] as const)
      : (['reports', 'summary', period.range] as const),
};
