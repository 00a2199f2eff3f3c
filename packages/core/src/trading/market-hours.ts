import { isB3SessionDay } from '../calendar/b3-calendar.js';
import { DEFAULT_TIME_ZONE, MS_PER_DAY, MS_PER_MINUTE } from './constants.js';
import { zoneClock } from './zone-clock.js';

/** B3's regular session for index and dollar futures, local time: 09:00 to 18:30. */
export const MARKET_OPEN_MINUTE = 9 * 60;
export const MARKET_CLOSE_MINUTE = 18 * 60 + 30;

/**
 * Open within the session hours of the zone on B3's session days (weekdays that are not B3
 * holidays). Ash Wednesday counts as open from 09:00 though B3 starts it at 13:00: the calendar
 * knows which days trade, not their late opens.
 */
export function isMarketOpen(now: number, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const clock = zoneClock(timeZone);
  const local = now + clock.offsetAt(now);
  const day = Math.floor(local / MS_PER_DAY);
  const minute = Math.floor((local - day * MS_PER_DAY) / MS_PER_MINUTE);
  if (minute < MARKET_OPEN_MINUTE || minute >= MARKET_CLOSE_MINUTE) return false;
  return isB3SessionDay(new Date(day * MS_PER_DAY).toISOString().slice(0, 10));
}
