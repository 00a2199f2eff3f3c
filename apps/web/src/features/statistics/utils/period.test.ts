import { describe, expect, it } from 'vitest';
import { dayLabel, parsePeriodDays, periodRange, topMagics } from './period';

describe('statistics period', () => {
  it('accepts whole days 1–365 only (§5)', () => {
    expect(parsePeriodDays('1')).toBe(1);
    expect(parsePeriodDays(' 365 ')).toBe(365);
    for (const bad of ['0', '366', '-1', '1.5', '', 'abc', '1e2']) {
      expect(parsePeriodDays(bad)).toBeNull();
    }
  });

  it('is the last days as São Paulo calendar days up to now (1 day = today)', () => {
    const now = Date.UTC(2026, 2, 15, 15); // 12:00 in São Paulo
    expect(periodRange(1, now)).toEqual({
      start: '2026-03-15T03:00:00.000Z',
      end: '2026-03-15T15:00:00.000Z',
    });
    expect(periodRange(30, now).start).toBe('2026-02-14T03:00:00.000Z');
  });

  it('ranks the 5 most frequent magics, the smaller first on a tie', () => {
    expect(topMagics([3, 3, 1, 2, 2, 9, 8, 7, 6])).toEqual([2, 3, 1, 6, 7]);
    expect(topMagics([])).toEqual([]);
  });

  it("shows a local day 'YYYY-MM-DD' as dd/mm/aaaa", () => {
    expect(dayLabel('2026-03-09')).toBe('09/03/2026');
  });
});
