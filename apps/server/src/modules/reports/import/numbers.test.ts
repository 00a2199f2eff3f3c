import { describe, expect, it } from 'vitest';
import {
  parseComposite,
  parseDuration,
  parseNumber,
  parseVolumePair,
  wallClockMs,
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
});
