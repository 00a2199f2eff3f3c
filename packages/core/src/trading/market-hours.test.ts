import { describe, expect, it } from 'vitest';
import { isMarketOpen } from './market-hours.js';

// São Paulo is UTC-3: 12:00 UTC is 09:00 local.
describe('isMarketOpen', () => {
  it('weekdays from 09:00 to 18:30 São Paulo time', () => {
    expect(isMarketOpen(Date.parse('2024-05-06T11:59:59Z'))).toBe(false);
    expect(isMarketOpen(Date.parse('2024-05-06T12:00:00Z'))).toBe(true);
    expect(isMarketOpen(Date.parse('2024-05-10T21:29:59Z'))).toBe(true);
    expect(isMarketOpen(Date.parse('2024-05-10T21:30:00Z'))).toBe(false);
  });

  it('closed on weekends', () => {
    expect(isMarketOpen(Date.parse('2024-05-11T15:00:00Z'))).toBe(false);
    expect(isMarketOpen(Date.parse('2024-05-12T15:00:00Z'))).toBe(false);
  });
});
