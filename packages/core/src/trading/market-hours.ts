import { DEFAULT_TIME_ZONE, MS_PER_DAY, MS_PER_MINUTE } from './constants.js';
import { zoneClock } from './zone-clock.js';

/** B3's regular session for index and dollar futures, local time: 09:00 to 18:30. */
export const MARKET_OPEN_MINUTE = 9 * 60;
export const MARKET_CLOSE_MINUTE = 18 * 60 + 30;

/** Open on weekdays within the session hours of the zone; holidays are not known here. */
export function isMarketOpen(now: number, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const clock = zoneClock(timeZone);
  const local = now + clock.offsetAt(now);
  const day = Math.floor(local / MS_PER_DAY);
  // 1970-01-01 was a Thursday: 0 is Sunday, 6 Saturday.
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (weekday === 0 || weekday === 6) return false;
  const minute = Math.floor((local - day * MS_PER_DAY) / MS_PER_MINUTE);
  return minute >= MARKET_OPEN_MINUTE && minute < MARKET_CLOSE_MINUTE;
}
