import { describe, expect, it } from 'vitest';
import { formatDatePtBR, formatDateTimePtBR, formatTimePtBR } from './date.js';

// 2024-03-10T02:30:00Z: still 9 March in São Paulo (UTC-3) and New York (UTC-5).
const instant = Date.UTC(2024, 2, 10, 2, 30, 15);

describe('pt-BR date formatting', () => {
  it('formats the local calendar date of the zone', () => {
    expect(formatDatePtBR(instant)).toBe('09/03/2024');
    expect(formatDatePtBR(instant, 'UTC')).toBe('10/03/2024');
    expect(formatDatePtBR(new Date(instant), 'Asia/Tokyo')).toBe('10/03/2024');
  });

  it('formats date and time with a 24-hour clock', () => {
    expect(formatDateTimePtBR(instant)).toBe('09/03/2024 23:30');
    expect(formatDateTimePtBR(instant, 'UTC', true)).toBe('10/03/2024 02:30:15');
    expect(formatDateTimePtBR('2024-03-10T12:05:00Z', 'America/New_York')).toBe('10/03/2024 08:05');
  });

  it('formats a time of day', () => {
    expect(formatTimePtBR(instant)).toBe('23:30:15');
    expect(formatTimePtBR(Date.UTC(2024, 0, 1, 0, 0, 0), 'UTC')).toBe('00:00:00');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDatePtBR('not a date')).toBe('—');
    expect(formatDateTimePtBR(Number.NaN)).toBe('—');
    expect(formatTimePtBR('')).toBe('—');
  });
});
