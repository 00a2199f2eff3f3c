import { describe, expect, it } from 'vitest';
import { b3Holidays, isB3SessionDay, nextB3SessionDay } from '../calendar/b3-calendar.js';
import {
  currentWinSeries,
  currentWinSymbol,
  wednesdayNearest15,
  winExpiryDate,
} from './win-series.js';

// Noon in São Paulo, so the UTC date is the local one.
const sp = (day: string): number => Date.parse(`${day}T12:00:00-03:00`);
const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('b3Holidays', () => {
  it('matches B3’s published calendars for 2025 and 2026', () => {
    expect(b3Holidays(2025).map((h) => h.date)).toEqual([
      '2025-01-01',
      '2025-03-03',
      '2025-03-04',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-06-19',
      '2025-09-07',
      '2025-10-12',
      '2025-11-02',
      '2025-11-15',
      '2025-11-20',
      '2025-12-24',
      '2025-12-25',
      '2025-12-31',
    ]);
    expect(b3Holidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-06-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-24',
      '2026-12-25',
      '2026-12-31',
    ]);
  });

  it('moves Carnaval, Good Friday and Corpus Christi with Easter in 2027 and 2028', () => {
    const movable = (year: number) =>
      b3Holidays(year)
        .filter((h) => ['Carnaval', 'Sexta-feira Santa', 'Corpus Christi'].includes(h.name))
        .map((h) => h.date);
    // Easter: 2027-03-28, 2028-04-16 (a leap year: Carnaval Tuesday is Feb 29).
    expect(movable(2027)).toEqual(['2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27']);
    expect(movable(2028)).toEqual(['2028-02-28', '2028-02-29', '2028-04-14', '2028-06-15']);
  });

  it('trades on São Paulo’s own holidays since 2022, and on Nov 20 only in 2022–2023', () => {
    expect(isB3SessionDay('2026-01-26')).toBe(true);
    expect(isB3SessionDay('2027-01-25')).toBe(true); // São Paulo's anniversary, a Monday
    expect(isB3SessionDay('2025-07-09')).toBe(true); // Revolução Constitucionalista
    expect(isB3SessionDay('2021-07-09')).toBe(false); // closed before 2022
    expect(isB3SessionDay('2023-11-20')).toBe(true); // still a city holiday then
    expect(isB3SessionDay('2024-11-20')).toBe(false); // national since 2024
    expect(isB3SessionDay('2026-02-18')).toBe(true); // Ash Wednesday opens at 13:00
  });

  it('finds the next session over holidays and weekends', () => {
    expect(nextB3SessionDay('2025-12-24')).toBe('2025-12-26');
    expect(nextB3SessionDay('2025-12-31')).toBe('2026-01-02');
    expect(nextB3SessionDay('2026-02-14')).toBe('2026-02-18'); // Sat, Sun, Carnaval Mon/Tue
  });
});

describe('WIN series roll, 2025–2028', () => {
  // Every even-month expiry of the four years, worked out by hand from the rule.
  const expiries: [string, string][] = [
    ['WING25', '2025-02-12'],
    ['WINJ25', '2025-04-16'],
    ['WINM25', '2025-06-18'],
    ['WINQ25', '2025-08-13'],
    ['WINV25', '2025-10-15'],
    ['WINZ25', '2025-12-17'],
    ['WING26', '2026-02-18'],
    ['WINJ26', '2026-04-15'],
    ['WINM26', '2026-06-17'],
    ['WINQ26', '2026-08-12'],
    ['WINV26', '2026-10-14'],
    ['WINZ26', '2026-12-16'],
    ['WING27', '2027-02-17'],
    ['WINJ27', '2027-04-14'],
    ['WINM27', '2027-06-16'],
    ['WINQ27', '2027-08-18'],
    ['WINV27', '2027-10-13'],
    ['WINZ27', '2027-12-15'],
    ['WING28', '2028-02-16'],
    ['WINJ28', '2028-04-12'],
    ['WINM28', '2028-06-14'],
    ['WINQ28', '2028-08-16'],
    ['WINV28', '2028-10-18'],
    ['WINZ28', '2028-12-13'],
  ];

  it('keeps each series through its expiry day and rolls to the next the day after', () => {
    for (const [i, [symbol, expiry]] of expiries.entries()) {
      expect(currentWinSeries(sp(expiry))).toEqual({ symbol, expiry });
      const next = expiries[i + 1];
      if (next) expect(currentWinSymbol(sp(dayAfter(expiry)))).toBe(next[0]);
    }
    expect(currentWinSymbol(sp('2028-12-14'))).toBe('WING29');
  });

  it('names the next even month all through an odd month', () => {
    expect(currentWinSymbol(sp('2025-01-02'))).toBe('WING25');
    expect(currentWinSymbol(sp('2026-11-23'))).toBe('WINZ26');
    expect(currentWinSymbol(sp('2027-12-31'))).toBe('WING28');
  });

  it('meets no holiday on an expiry Wednesday in 2025–2028 (every one is a session)', () => {
    for (const [symbol, expiry] of expiries) {
      const month = Number(expiry.slice(5, 7));
      const year = Number(expiry.slice(0, 4));
      expect(isB3SessionDay(expiry), symbol).toBe(true);
      expect(Number(expiry.slice(8)), symbol).toBe(wednesdayNearest15(year, month));
    }
  });

  it('moves an expiry that falls on a holiday to the next session', () => {
    // October 12 (Nossa Senhora Aparecida) was the Wednesday nearest the 15th in 2022 and is again
    // in 2033: WINV22 expired on Thursday the 13th.
    expect(wednesdayNearest15(2022, 10)).toBe(12);
    expect(winExpiryDate(2022, 10)).toBe('2022-10-13');
    expect(currentWinSymbol(sp('2022-10-13'))).toBe('WINV22');
    expect(currentWinSymbol(sp('2022-10-14'))).toBe('WINZ22');
    expect(winExpiryDate(2033, 10)).toBe('2033-10-13');
  });

  it('reads the day in São Paulo, not UTC', () => {
    // 23:30 in São Paulo on the expiry day is already the next day in UTC.
    expect(currentWinSymbol(Date.parse('2026-12-16T23:30:00-03:00'))).toBe('WINZ26');
  });
});
