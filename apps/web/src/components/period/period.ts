import { formatDatePtBR, lastDaysWindow, type HistorySpan } from '@vortex/core';

/** A São Paulo calendar day as the server reads it: 'YYYY-MM-DD'. */
export type DayKey = string;

/** A custom 'De / Até', both days included. */
export interface CustomDates {
  from: DayKey;
  to: DayKey;
}

/** A screen's period: the last N days, a custom 'De / Até', or the account's whole history. */
export type Period =
  { kind: 'days'; days: number } | ({ kind: 'custom' } & CustomDates) | { kind: 'all' };

/** The first day a range query accepts: 'Todo o histórico' starts there. */
export const HISTORY_START: DayKey = '1970-01-01';

// dd/mm/aaaa, the slashes optional so '03012022' typed on a phone's keypad reads too.
const BR_DATE = /^(\d{2})\/?(\d{2})\/?(\d{4})$/;

/** 'dd/mm/aaaa' as 'YYYY-MM-DD' when it is a day the calendar has (from 1970), else null. */
export function parseBrDate(text: string): DayKey | null {
  const match = BR_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** 'YYYY-MM-DD' as 'dd/mm/aaaa', with no time zone round trip (it already is a local day). */
export function brDate(day: DayKey): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The São Paulo day of an instant as 'YYYY-MM-DD'. */
export function dayKeyOf(ms: number): DayKey {
  const [day, month, year] = formatDatePtBR(ms).split('/');
  return `${year}-${month}-${day}`;
}

/** 'Dados de 03/01/2022 a 30/12/2023': how old the account's data is; null without deals. */
export function spanDates(span: HistorySpan | undefined): CustomDates | null {
  if (!span || span.first_deal_at === null || span.last_deal_at === null) return null;
  return { from: dayKeyOf(span.first_deal_at), to: dayKeyOf(span.last_deal_at) };
}

/**
 * Whether the account's last deal is older than the screen's default window (the last
 * `windowDays` São Paulo days): then the window would open empty, and the screen opens on the
 * account's own period instead.
 */
export function dataOlderThan(span: HistorySpan | undefined, windowDays: number, now: number) {
  const last = span?.last_deal_at ?? null;
  return last !== null && last < lastDaysWindow(windowDays, now).from;
}

/** The period a screen opens on: its default, or the whole history of an account that is old. */
export function openingPeriod(
  span: HistorySpan | undefined,
  fallback: Period & { kind: 'days' },
  now: number,
): Period {
  return dataOlderThan(span, fallback.days, now) ? { kind: 'all' } : fallback;
}

/** The start/end of a range query (/dashboard/stats, /bridge/trades) for a period. */
export function periodBounds(period: Period, now: number): { start: string; end?: string } {
  if (period.kind === 'all') return { start: HISTORY_START };
  if (period.kind === 'custom') return { start: period.from, end: period.to };
  const window = lastDaysWindow(period.days, now);
  return { start: new Date(window.from).toISOString(), end: new Date(window.to).toISOString() };
}

/** A stable cache key part for a period. */
export function periodKey(period: Period): string {
  if (period.kind === 'days') return `d${period.days}`;
  return period.kind === 'all' ? 'all' : `${period.from}..${period.to}`;
}
