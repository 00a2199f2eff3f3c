import { DEFAULT_TIME_ZONE, intlOffsetMs, MS_PER_DAY } from '@vortex/core';

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight of a 'YYYY-MM-DD' day read as if it were UTC; null for anything else. */
function wallMidnight(date: string): number | null {
  const match = DATE_INPUT.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) ? ms : null;
}

/** The instant a wall-clock midnight happens in `timeZone`: the offset is probed twice. */
function zoned(wall: number, timeZone: string): number {
  const guess = wall - intlOffsetMs(timeZone, wall);
  return wall - intlOffsetMs(timeZone, guess);
}

/**
 * The instant a 'YYYY-MM-DD' day starts in `timeZone` (the zone the table shows its dates in,
 * so a trade listed on a day is inside that day's filter), or null for anything else.
 */
export function dayStartMs(date: string, timeZone = DEFAULT_TIME_ZONE): number | null {
  const wall = wallMidnight(date);
  return wall === null ? null : zoned(wall, timeZone);
}

/** §2: the end date includes the whole of that day, so the range ends where the next day starts. */
export function dayEndExclusiveMs(date: string, timeZone = DEFAULT_TIME_ZONE): number | null {
  const wall = wallMidnight(date);
  return wall === null ? null : zoned(wall + MS_PER_DAY, timeZone);
}

/** 'YYYY-MM-DD' of the instant's calendar day in `timeZone`. */
export function dateInputOf(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  return new Date(ms + intlOffsetMs(timeZone, ms)).toISOString().slice(0, 10);
}
