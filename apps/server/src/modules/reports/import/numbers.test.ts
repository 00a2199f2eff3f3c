import { describe, expect, it } from 'vitest';
import {
  parseComposite,
  parseDuration,
  parseNumber,
  parseVolumePair,
  readWallClock,
  wallClockMs,
  YEARS,
} from './numbers.js';

describe('MT5 numbers', () => {
  it('reads space and NBSP thousands, the typographic minus and XLSX decimals', () => {
    expect(parseNumber('-2 351.16')).toBe(-2351.16);
    expect(parseNumber('199\u00a0978.36')).toBe(199978.36);
    expect(parseNumber('\u22123 485.68')).toBe(-3485.68);
    expect(parseNumber('-475.210000')).toBe(-475.21);
    expect(parseNumber('7 518.64%')).toBe(7518.64);
    expect(parseNumber('0.00')).toBe(0);
  });

  it('refuses what is not a number', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('market')).toBeNull();
    expect(parseNumber('1.2.3')).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
    // written like a number, read as Infinity
    expect(parseNumber('1e400')).toBeNull();
  });

  it('splits composites into the value and the one in parentheses', () => {
    expect(parseComposite('9 (4 062.95)')).toEqual([9, 4062.95]);
    expect(parseComposite('7.62% (16 518.16)')).toEqual([7.62, 16518.16]);
    expect(parseComposite('-7 100.93 (5)')).toEqual([-7100.93, 5]);
    expect(parseComposite('202')).toEqual([202, null]);
  });

  it('reads holding times past 24 hours and order volumes', () => {
    expect(parseDuration('2041:00:31')).toBe(2041 * 3600 + 31);
    expect(parseDuration('0:00:50')).toBe(50);
    expect(parseDuration('1:2')).toBeNull();
    expect(parseVolumePair('0.3 / 0')).toEqual([0.3, 0]);
    expect(parseVolumePair('1 / 1')).toEqual([1, 1]);
  });

  it('keeps the wall clock as written (read as UTC, no zone applied)', () => {
    expect(wallClockMs('2026.04.02 11:28:38')).toBe(Date.UTC(2026, 3, 2, 11, 28, 38));
    expect(wallClockMs('2026.06.02 00:09')).toBe(Date.UTC(2026, 5, 2, 0, 9));
    expect(wallClockMs('02/04/2026 11:28:38')).toBeNull();
  });

  it('refuses a date that does not exist instead of carrying it over (issue 25)', () => {
    expect(readWallClock('2026.02.30 10:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.13.01 10:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.00.10 10:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2025.02.29 10:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.04.02 25:61')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.04.02 24:00:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.04.02 23:60:00')).toEqual({ problem: 'impossible' });
    expect(readWallClock('2026.04.02 23:59:60')).toEqual({ problem: 'impossible' });
    expect(wallClockMs('2026.02.30 10:00')).toBeNull();
    expect(readWallClock('2024.02.29 23:59:59')).toEqual({
      ms: Date.UTC(2024, 1, 29, 23, 59, 59),
    });
  });

  it('refuses years outside what the agent may report', () => {
    expect(YEARS).toEqual({ first: 1970, last: 2099 });
    expect(readWallClock('1960.01.01 00:00')).toEqual({ problem: 'range' });
    expect(readWallClock('2150.01.01 00:00')).toEqual({ problem: 'range' });
    expect(readWallClock('0050.01.01 00:00')).toEqual({ problem: 'range' });
    expect(readWallClock('1970.01.01 00:00')).toEqual({ ms: 0 });
    expect(readWallClock('2099.12.31 00:00')).toEqual({ ms: Date.UTC(2099, 11, 31) });
    expect(readWallClock('2026-04-02 10:00')).toEqual({ problem: 'format' });
  });
});
