import { describe, expect, it } from 'vitest';
import { lastDaysWindow, localDateKey, localDayStart, localWallClock } from './calendar-window.js';
import { zoneClock } from './zone-clock.js';

describe('lastDaysWindow', () => {
  // 15/03/2026 12:00 in São Paulo (UTC-3).
  const now = Date.UTC(2026, 2, 15, 15);

  it('is N São Paulo calendar days, today included, from the first one’s midnight to now', () => {
    expect(lastDaysWindow(7, now)).toEqual({ from: Date.UTC(2026, 2, 9, 3), to: now });
    expect(lastDaysWindow(1, now)).toEqual({ from: Date.UTC(2026, 2, 15, 3), to: now });
  });

  it('counts today from local midnight even when UTC has already moved to the next day', () => {
    const lateEvening = Date.UTC(2026, 2, 16, 1, 30); // 15/03 22:30 in São Paulo
    expect(localDateKey(lateEvening)).toBe('2026-03-15');
    expect(lastDaysWindow(1, lateEvening).from).toBe(Date.UTC(2026, 2, 15, 3));
  });

  it('starts on the local midnight of a day under daylight saving (2018, UTC-2)', () => {
    const day = zoneClock('America/Sao_Paulo').localDay(Date.UTC(2018, 11, 20, 15));
    expect(localDayStart(day)).toBe(Date.UTC(2018, 11, 20, 2));
  });

  it('reads less than one day as today', () => {
    expect(lastDaysWindow(0, now)).toEqual(lastDaysWindow(1, now));
  });
});

describe('localWallClock', () => {
  it('reads the São Paulo wall clock, the day included', () => {
    expect(localWallClock(Date.UTC(2026, 10, 23, 1, 15, 7))).toBe('2026-11-22T22:15:07');
  });
});
