import { describe, expect, it } from 'vitest';
import { brDate, dataOlderThan, dayKeyOf, openingPeriod, parseBrDate, spanDates } from './period';

// 15/03/2026 12:00 in São Paulo.
const NOW = Date.UTC(2026, 2, 15, 15);

describe('pt-BR dates of the period controls', () => {
  it('reads dd/mm/aaaa (slashes optional) as the São Paulo day, and nothing else', () => {
    expect(parseBrDate('03/01/2022')).toBe('2022-01-03');
    expect(parseBrDate(' 30122023 ')).toBe('2023-12-30');
    for (const bad of [
      '2022-01-03',
      '3/1/2022',
      '31/02/2023',
      '00/01/2022',
      '01/13/2022',
      '31/12/1969',
      '',
    ]) {
      expect(parseBrDate(bad), bad).toBeNull();
    }
    expect(brDate('2022-01-03')).toBe('03/01/2022');
  });

  it('names an instant by its São Paulo day: 02:00 UTC is still the day before', () => {
    expect(dayKeyOf(Date.UTC(2024, 0, 1, 2))).toBe('2023-12-31');
    expect(dayKeyOf(Date.UTC(2024, 0, 1, 3))).toBe('2024-01-01');
  });
});

describe("an account's data span", () => {
  const old = { first_deal_at: Date.UTC(2022, 0, 3, 13), last_deal_at: Date.UTC(2023, 11, 30, 1) };

  it('says the days its deals cover', () => {
    expect(spanDates(old)).toEqual({ from: '2022-01-03', to: '2023-12-29' });
    expect(spanDates({ first_deal_at: null, last_deal_at: null })).toBeNull();
  });

  it('opens an account older than the default window on its whole history, others on the default', () => {
    const fallback = { kind: 'days', days: 30 } as const;
    expect(openingPeriod(old, fallback, NOW)).toEqual({ kind: 'all' });
    const recent = { first_deal_at: old.first_deal_at, last_deal_at: NOW - 86_400_000 };
    expect(openingPeriod(recent, fallback, NOW)).toBe(fallback);
    expect(openingPeriod(undefined, fallback, NOW)).toBe(fallback);
    // The window's first day counts as inside it.
    const edge = Date.UTC(2026, 1, 14, 3);
    expect(dataOlderThan({ first_deal_at: 0, last_deal_at: edge }, 30, NOW)).toBe(false);
    expect(dataOlderThan({ first_deal_at: 0, last_deal_at: edge - 1 }, 30, NOW)).toBe(true);
  });
});
