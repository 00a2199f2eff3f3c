import { HOURLY_FIRST_HOUR, HOURLY_LAST_HOUR } from '@vortex/core';
import type { ReportsSummary } from '../api/get-reports-summary';

export type HourRow = ReportsSummary['trades_by_hour'][number];

/**
 * trading.md §2: the table shows hours 9 to 18 only, every one of them, so a quiet hour reads as
 * a zero row rather than a gap.
 */
export function tradingHours(rows: readonly HourRow[]): HourRow[] {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  const hours: HourRow[] = [];
  for (let hour = HOURLY_FIRST_HOUR; hour <= HOURLY_LAST_HOUR; hour++) {
    hours.push(byHour.get(hour) ?? { hour, count: 0, pnl: 0, win_rate: 0 });
  }
  return hours;
}
