import { describe, expect, it } from 'vitest';
import { dayKey, intlOffsetMs, ZoneClock } from './zone-clock.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Reference: Intl's own 'GMT-04:00' offset name, asked for every instant. */
function referenceOffset(timeZone: string, utcMs: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(utcMs)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? '');
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * HOUR + Number(match[3]) * MINUTE);
}

describe('ZoneClock', () => {
  it('follows the New York DST start (2024-03-10 07:00 UTC) to the minute', () => {
    const clock = new ZoneClock('America/New_York');
    const switchAt = Date.UTC(2024, 2, 10, 7);
    expect(clock.offsetAt(switchAt - 1)).toBe(-5 * HOUR);
    expect(clock.offsetAt(switchAt)).toBe(-4 * HOUR);
    expect(clock.localHour(switchAt - 1)).toBe(1);
    expect(clock.localHour(switchAt)).toBe(3);
  });

  it('follows the New York DST end (2024-11-03 06:00 UTC), where a local hour repeats', () => {
    const clock = new ZoneClock('America/New_York');
    const switchAt = Date.UTC(2024, 10, 3, 6);
    expect(clock.offsetAt(switchAt - MINUTE)).toBe(-4 * HOUR);
    expect(clock.offsetAt(switchAt)).toBe(-5 * HOUR);
    expect(clock.localHour(switchAt - MINUTE)).toBe(1);
    expect(clock.localHour(switchAt)).toBe(1);
  });

  it('matches per-instant Intl every 7 minutes across both 2024 New York transitions', () => {
    const clock = new ZoneClock('America/New_York');
    for (const start of [Date.UTC(2024, 2, 9), Date.UTC(2024, 10, 2)]) {
      for (let t = start; t < start + 3 * 24 * HOUR; t += 7 * MINUTE) {
        expect(clock.offsetAt(t)).toBe(referenceOffset('America/New_York', t));
      }
    }
  });

  it('handles a half-hour zone switching off the UTC hour (Adelaide, 2024-10-05 16:30 UTC)', () => {
    const clock = new ZoneClock('Australia/Adelaide');
    const switchAt = Date.UTC(2024, 9, 5, 16, 30);
    expect(clock.offsetAt(switchAt - 1)).toBe(9.5 * HOUR);
    expect(clock.offsetAt(switchAt)).toBe(10.5 * HOUR);
  });

  it('moves the local day back when São Paulo DST ended at local midnight (2019-02-17)', () => {
    // 02:00 UTC was 00:00 on the 17th (UTC-2) and became 23:00 on the 16th (UTC-3).
    const clock = new ZoneClock('America/Sao_Paulo');
    const switchAt = Date.UTC(2019, 1, 17, 2);
    expect(dayKey(clock.localDay(switchAt - 1))).toBe('2019-02-16');
    expect(dayKey(clock.localDay(switchAt - 30 * MINUTE))).toBe('2019-02-16');
    expect(clock.offsetAt(switchAt - 1)).toBe(-2 * HOUR);
    expect(clock.offsetAt(switchAt)).toBe(-3 * HOUR);
    expect(dayKey(clock.localDay(switchAt))).toBe('2019-02-16');
    expect(dayKey(clock.localDay(Date.UTC(2019, 1, 17, 3)))).toBe('2019-02-17');
  });

  it('gives local day numbers and keys in UTC-3 across midnight UTC', () => {
    const clock = new ZoneClock('America/Sao_Paulo');
    expect(dayKey(clock.localDay(Date.UTC(2024, 4, 10, 2, 59)))).toBe('2024-05-09');
    expect(dayKey(clock.localDay(Date.UTC(2024, 4, 10, 3)))).toBe('2024-05-10');
    expect(dayKey(-1)).toBe('1969-12-31');
  });

  it('intlOffsetMs agrees with the reference in a zone without DST', () => {
    expect(intlOffsetMs('Asia/Kolkata', Date.UTC(2024, 0, 1))).toBe(5.5 * HOUR);
    expect(referenceOffset('Asia/Kolkata', Date.UTC(2024, 0, 1))).toBe(5.5 * HOUR);
  });

  it('refuses an unknown time zone', () => {
    expect(() => new ZoneClock('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
