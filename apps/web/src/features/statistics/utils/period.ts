import { lastDaysWindow } from '@vortex/core';

/**
 * trading.md §2: presets 1, 7, 30, 90, 180 days (default 30). Days are São Paulo calendar days,
 * today included, as on every screen: 1 day is today (README: where Vórtex departs from the spec).
 */
export const PERIOD_PRESETS = [1, 7, 30, 90, 180] as const;
export const DEFAULT_PERIOD_DAYS = 30;
/** §5: the period is 1–365 days; values outside are ignored. */
export const MIN_PERIOD_DAYS = 1;
export const MAX_PERIOD_DAYS = 365;

/** A whole number of days in 1–365 from the custom input, else null (the input is ignored). */
export function parsePeriodDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= MIN_PERIOD_DAYS && days <= MAX_PERIOD_DAYS ? days : null;
}

/** The last `days` calendar days up to `now` (core's lastDaysWindow), as ISO instants. */
export function periodRange(days: number, now: number): { start: string; end: string } {
  const window = lastDaysWindow(days, now);
  return { start: new Date(window.from).toISOString(), end: new Date(window.to).toISOString() };
}

/** The 5 most frequent magics (§2), ties to the smaller number so the list is stable. */
export function topMagics(magics: Iterable<number>, limit = 5): number[] {
  const counts = new Map<number, number>();
  for (const magic of magics) counts.set(magic, (counts.get(magic) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([magic]) => magic);
}

/** 'YYYY-MM-DD' as 'dd/mm/aaaa' without a time zone round trip (it already is a local day). */
export function dayLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
