import { addDays, isoDay, weekdayOf } from './easter.js';
import { isNationalHoliday } from './national-holidays.js';

/** A weekday that is no national holiday nor bank closure, as 'YYYY-MM-DD'. */
export function isBusinessDay(day: string): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isNationalHoliday(day);
}

// A year never holds 30 closed days in a row; the bound only guards the loops.
const GUARD = 30;

/** The last business day of a month ('YYYY-MM'): where a monthly tax falls due. */
export function lastBusinessDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  let day = isoDay(year, m + 1, 0);
  for (let i = 0; i < GUARD && !isBusinessDay(day); i++) day = addDays(day, -1);
  return day;
}

/**
 * The business day `count` business days away from `day` (before it when negative): five
 * business days before a due date is `addBusinessDays(due, -5)`.
 */
export function addBusinessDays(day: string, count: number): string {
  const step = count < 0 ? -1 : 1;
  let at = day;
  for (let left = Math.abs(count); left > 0;) {
    at = addDays(at, step);
    if (isBusinessDay(at)) left--;
  }
  return at;
}

/** The first business day on or after `day`. */
export function nextBusinessDay(day: string): string {
  let at = day;
  for (let i = 0; i < GUARD && !isBusinessDay(at); i++) at = addDays(at, 1);
  return at;
}
