import { reportsTexts as t } from '../messages';

export interface ExitReasonRow {
  key: string;
  label: string;
  count: number;
  /** Share of all exits, 0–100. */
  share: number;
}

/** The exit reasons, most frequent first, with their pt-BR names and shares. */
export function exitReasonRows(reasons: Readonly<Record<string, number>>): ExitReasonRow[] {
  const entries = Object.entries(reasons).filter(([, count]) => count > 0);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return entries
    .map(([key, count]) => ({
      key,
      label: t.exitReasons.labels[key.toUpperCase()] ?? key,
      count,
      share: total > 0 ? (count / total) * 100 : 0,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'pt-BR'));
}

/** A calendar day as the server sends it (YYYY-MM-DD) read as 'dd/MM', with no time zone shift. */
export function shortDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[3]}/${match[2]}` : date;
}

/** The same day as 'dd/MM/yyyy', for the chart's tooltip. */
export function fullDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
