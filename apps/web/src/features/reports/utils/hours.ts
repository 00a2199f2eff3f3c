import { hoursShown } from '@vortex/core';
import type { ReportsSummary } from '../api/get-reports-summary';

export type HourRow = ReportsSummary['trades_by_hour'][number];

/**
 * trading.md §2: the table shows hours 9 to 18 only, every one of them, so a quiet hour reads as
 * a zero row rather than a gap; an account outside B3 (another currency) trades around the clock
 * and shows all 24 (issue 26).
 */
export function tradingHours(rows: readonly HourRow[], currency = 'BRL'): HourRow[] {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  const hours: HourRow[] = [];
  const { first, last } = hoursShown(currency);
  for (let hour = first; hour <= last; hour++) {
    hours.push(byHour.get(hour) ?? { hour, count: 0, pnl: 0, win_rate: 0 });
  }
  return hours;
}
