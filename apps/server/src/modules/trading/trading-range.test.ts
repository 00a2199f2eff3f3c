import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.js';
import { localMidnight, parseQueryDate, resolvePeriod, resolveRange } from './trading-range.js';

describe('parseQueryDate reads only ISO 8601 and epoch digits', () => {
  it.each([
    'hello 99',
    'Jan 1 2024',
    '2024/01/01',
    '01/02/2024',
    '2024-01-01 10:00',
    // Without an offset the instant would depend on the server's zone.
    '2024-01-01T10:00:00',
    '2024-02-30',
    '2024-02-30T10:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:60:00Z',
    '2024-01-01T10:00:00+25:00',
    // Date.UTC reads the years 0 to 99 as 1900 to 1999.
    '0099-01-01',
    '1969-12-31T23:59:59Z',
    '1e12',
    '-5',
    '0x10',
    'Infinity',
    '',
  ])('%j is no date', (text) => {
    expect(parseQueryDate(text, 'start')).toBeNull();
    expect(parseQueryDate(text, 'end')).toBeNull();
  });

  it('takes date-times with their offset, to the millisecond', () => {
    expect(parseQueryDate('2024-05-10T13:45:30.123Z', 'start')).toBe(
      Date.UTC(2024, 4, 10, 13, 45, 30, 123),
    );
    expect(parseQueryDate('2024-05-10T10:45-03:00', 'end')).toBe(Date.UTC(2024, 4, 10, 13, 45));
    expect(parseQueryDate('2024-05-10T13:45:30.123456+00:00', 'start')).toBe(
      Date.UTC(2024, 4, 10, 13, 45, 30, 123),
    );
  });

  it('takes epoch seconds and milliseconds as digits', () => {
    expect(parseQueryDate('1714000000', 'start')).toBe(1_714_000_000_000);
    expect(parseQueryDate('1714000000123', 'start')).toBe(1_714_000_000_123);
  });

  it('takes a bare date as the whole São Paulo day', () => {
    expect(parseQueryDate('2024-02-29', 'start')).toBe(localMidnight(2024, 2, 29));
    expect(parseQueryDate('2024-02-29', 'end')).toBe(localMidnight(2024, 3, 1) - 1);
  });
});

describe('resolveRange', () => {
  // 15/03/2026 12:00 in São Paulo (UTC-3).
  const now = Date.UTC(2026, 2, 15, 15);

  it('reads days as São Paulo calendar days, today included', () => {
    expect(resolveRange({ days: 7 }, 30, now)).toEqual({
      from: localMidnight(2026, 3, 9),
      to: now,
    });
    expect(resolveRange({ days: 1 }, 30, now)).toEqual({
      from: localMidnight(2026, 3, 15),
      to: now,
    });
    expect(resolveRange({}, 30, now).from).toBe(localMidnight(2026, 2, 14));
  });
});

describe('resolvePeriod: any period, the whole history included', () => {
  const now = Date.UTC(2026, 2, 15, 15);

  it('reads a named range as its last N São Paulo days', () => {
    expect(resolvePeriod({ range: '7d' }, now)).toEqual({
      from: localMidnight(2026, 3, 9),
      to: now,
    });
    expect(resolvePeriod({ range: '1y' }, now).from).toBe(localMidnight(2025, 3, 16));
  });

  it("reads 'all' as everything up to now", () => {
    expect(resolvePeriod({ range: 'all' }, now)).toEqual({ from: 0, to: now });
  });

  it('takes a custom period of years, the end day whole, over the named range', () => {
    expect(resolvePeriod({ range: '7d', start: '2022-01-03', end: '2023-12-30' }, now)).toEqual({
      from: localMidnight(2022, 1, 3),
      to: localMidnight(2023, 12, 31) - 1,
    });
    // Open ends: from the history's beginning, or up to now.
    expect(resolvePeriod({ range: '7d', end: '2023-12-30' }, now).from).toBe(0);
    expect(resolvePeriod({ range: '7d', start: '2022-01-03' }, now).to).toBe(now);
  });

  it.each([
    [{ start: '2023-12-30', end: '2022-01-03' }, 'A data inicial deve ser anterior à data final.'],
    [{ start: '30/12/2023' }, 'Data inicial inválida.'],
    [{ end: '2023-02-30' }, 'Data final inválida.'],
  ])('refuses %j with a 400 in pt-BR', (ends, message) => {
    const refused = (() => {
      try {
        resolvePeriod({ range: '7d', ...ends }, now);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, message });
  });
});
