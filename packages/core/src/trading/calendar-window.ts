import { DEFAULT_TIME_ZONE, MS_PER_DAY } from './constants.js';
import { dayKey, zoneClock } from './zone-clock.js';

/** A closed interval of epoch ms: from <= t <= to. */
export interface CalendarWindow {
  from: number;
  to: number;
}

/** The UTC instant at which local day number `day` (days since 1970-01-01) starts in the zone. */
export function localDayStart(day: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const clock = zoneClock(timeZone);
  const naive = day * MS_PER_DAY;
  // Twice: the offset at the guess may differ from the offset at the true instant.
  const guess = naive - clock.offsetAt(naive);
  return naive - clock.offsetAt(guess);
}

/** 'YYYY-MM-DD' of the local calendar day holding `ms`. */
export function localDateKey(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(zoneClock(timeZone).localDay(ms));
}

/**
 * "The last N days" on every screen: the N local calendar days ending with the day of `to`,
 * that day included, from the first one's midnight up to `to`. N below 1 counts as 1 (today).
 */
export function lastDaysWindow(
  days: number,
  to: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): CalendarWindow {
  const count = Math.max(1, Math.floor(days));
  const today = zoneClock(timeZone).localDay(to);
  return { from: localDayStart(today - (count - 1), timeZone), to };
}

/** 'YYYY-MM-DDTHH:mm:ss' on the zone's wall clock at `ms`: file names and CSV cells read it. */
export function localWallClock(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(ms + zoneClock(timeZone).offsetAt(ms)).toISOString().slice(0, 19);
}
