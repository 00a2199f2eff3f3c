import { describe, expect, it } from 'vitest';
import { taxDayLabel, taxMonthLabel } from './messages.js';

describe('tax labels', () => {
  it('names a month in pt-BR and leaves a malformed one as it came', () => {
    expect(taxMonthLabel('2026-01')).toBe('janeiro de 2026');
    expect(taxMonthLabel('2025-12')).toBe('dezembro de 2025');
    expect(taxMonthLabel('2026-13')).toBe('2026-13');
  });

  it('writes a calendar day as dd/mm/aaaa without going through a time zone', () => {
    // Date.parse('2026-02-27') is UTC midnight: São Paulo would read it as the 26th.
    expect(taxDayLabel('2026-02-27')).toBe('27/02/2026');
    expect(taxDayLabel('')).toBe('');
  });
});
