import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  isBusinessDay,
  lastBusinessDayOfMonth,
  nextBusinessDay,
} from './business-days.js';
import { isB3SessionDay } from './b3-calendar.js';
import { nationalHolidays } from './national-holidays.js';

describe('nationalHolidays', () => {
  it('moves Carnaval, Good Friday and Corpus Christi with Easter', () => {
    const movable = (year: number) =>
      nationalHolidays(year)
        .filter((h) => ['Carnaval', 'Sexta-feira Santa', 'Corpus Christi'].includes(h.name))
        .map((h) => h.date);
    expect(movable(2025)).toEqual(['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19']);
    expect(movable(2026)).toEqual(['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']);
    expect(movable(2027)).toEqual(['2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27']);
    expect(movable(2028)).toEqual(['2028-02-28', '2028-02-29', '2028-04-14', '2028-06-15']);
  });

  it('has Nov 20 only since it became national (Lei 14.759/2023)', () => {
    expect(isBusinessDay('2023-11-20')).toBe(true);
    expect(isBusinessDay('2024-11-20')).toBe(false);
  });
});

describe('lastBusinessDayOfMonth (a DARF’s due date is the next month’s)', () => {
  it.each([
    // Year ends: January's last weekday, and December's without Dec 31 (no bank hours).
    ['2025-01', '2025-01-31'],
    ['2025-12', '2025-12-30'],
    ['2026-01', '2026-01-30'],
    ['2026-12', '2026-12-30'],
    ['2027-01', '2027-01-29'],
    ['2027-12', '2027-12-30'],
    ['2028-01', '2028-01-31'],
    ['2028-12', '2028-12-29'],
    ['2029-01', '2029-01-31'],
    // Carnaval ends February 2028 (Mon 28, Tue 29): due on Friday the 25th.
    ['2028-02', '2028-02-25'],
    ['2025-02', '2025-02-28'],
    ['2025-03', '2025-03-31'],
    // Good Friday on March's last weekday (2024-03-29).
    ['2024-03', '2024-03-28'],
  ])('%s ends on %s', (month, day) => {
    expect(lastBusinessDayOfMonth(month)).toBe(day);
  });
});

describe('addBusinessDays', () => {
  it('counts back over Carnaval', () => {
    // 2028-02-25 Fri; back five: 24, 23, 22, 21, 18 (the 19th and 20th are a weekend).
    expect(addBusinessDays('2028-02-25', -5)).toBe('2028-02-18');
    // 2026-02-27 Fri; back over Carnaval (16, 17): 26, 25, 24, 23, 20.
    expect(addBusinessDays('2026-02-27', -5)).toBe('2026-02-20');
    // 2026-02-20 Fri; back: 19, 18 (Ash Wednesday is a business day), 13, 12, 11.
    expect(addBusinessDays('2026-02-20', -5)).toBe('2026-02-11');
  });

  it('counts back over Good Friday and Tiradentes', () => {
    // 2025-04-22 Tue; back: 17 (18 Good Friday, 21 Tiradentes), 16, 15, 14, 11.
    expect(addBusinessDays('2025-04-22', -5)).toBe('2025-04-11');
  });

  it('counts forward over the year end', () => {
    // 2025-12-29 Mon; forward: 30, (31 closed, 1 Jan holiday) 2, 5, 6, 7.
    expect(addBusinessDays('2025-12-29', 5)).toBe('2026-01-07');
    expect(nextBusinessDay('2025-12-31')).toBe('2026-01-02');
  });
});

describe('business days and B3 sessions', () => {
  it('differ on Dec 24, when banks open and B3 closes', () => {
    expect(isBusinessDay('2025-12-24')).toBe(true);
    expect(isB3SessionDay('2025-12-24')).toBe(false);
  });

  it('agree on every other day of 2025–2028', () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (day.endsWith('-12-24')) continue;
      expect(isB3SessionDay(day), day).toBe(isBusinessDay(day));
    }
  });
});
