import { addDays, isoDay, weekdayOf } from './easter.js';
import { nationalHolidays, type Holiday } from './national-holidays.js';

/**
 * B3's trading calendar: the days the exchange holds no session. Sources (B3's yearly holiday
 * circulars as reported for 2024, 2025 and 2026): closed on the country's holidays and bank
 * closures (`national-holidays.ts`: Jan 1, Carnaval Monday and Tuesday, Good Friday, Apr 21,
 * May 1, Corpus Christi, Sep 7, Oct 12, Nov 2, Nov 15, Nov 20 since 2024, Dec 25, Dec 31) and on
 * its own closure Dec 24; Ash Wednesday trades from 13:00, so it is a session day. Since 2022
 * B3 trades on São Paulo's city and state holidays (Jan 25, Jul 9, and Nov 20 before 2024);
 * before 2022 it closed on them.
 */

export type B3Holiday = Holiday;

const holidayCache = new Map<number, readonly B3Holiday[]>();

/** The weekdays and weekends alike on which B3 holds no session in a year, in date order. */
export function b3Holidays(year: number): readonly B3Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const list: B3Holiday[] = [
    ...nationalHolidays(year),
    { date: isoDay(year, 12, 24), name: 'Véspera de Natal' },
  ];
  if (year < 2022) {
    list.push(
      { date: isoDay(year, 1, 25), name: 'Aniversário de São Paulo' },
      { date: isoDay(year, 7, 9), name: 'Revolução Constitucionalista' },
      { date: isoDay(year, 11, 20), name: 'Dia Nacional de Zumbi e da Consciência Negra' },
    );
  }
  list.sort((x, y) => x.date.localeCompare(y.date));
  holidayCache.set(year, list);
  return list;
}

/** Whether B3 is closed for a holiday on a 'YYYY-MM-DD' day. */
export function isB3Holiday(day: string): boolean {
  return b3Holidays(Number(day.slice(0, 4))).some((h) => h.date === day);
}

/** Whether B3 holds a session on a 'YYYY-MM-DD' day: a weekday that is no holiday. */
export function isB3SessionDay(day: string): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isB3Holiday(day);
}

/** The first B3 session day on or after a 'YYYY-MM-DD' day. */
export function nextB3SessionDay(day: string): string {
  let at = day;
  // A year cannot hold 30 closed days in a row; the bound only guards the loop.
  for (let i = 0; i < 30; i++, at = addDays(at, 1)) {
    if (isB3SessionDay(at)) return at;
  }
  throw new Error(`no B3 session within 30 days of ${day}`);
}
