import { describe, expect, it } from 'vitest';
import { isMarketOpen } from './market-hours.js';

// São Paulo is UTC-3: 12:00 UTC is 09:00 local.
const sp = (iso: string): number => Date.parse(`${iso}-03:00`);

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

  it.each([
    ['Carnaval Monday', '2026-02-16T11:00:00'],
    ['Carnaval Tuesday', '2026-02-17T11:00:00'],
    ['Good Friday', '2026-04-03T11:00:00'],
    ['Christmas Eve (a B3 closure, banks open)', '2025-12-24T11:00:00'],
    ['Dec 31', '2026-12-31T11:00:00'],
  ])('closed on %s', (_name, at) => {
    expect(isMarketOpen(sp(at))).toBe(false);
  });

  it('open on Ash Wednesday afternoon, after B3’s late start', () => {
    expect(isMarketOpen(sp('2026-02-18T14:00:00'))).toBe(true);
  });

  it('open on São Paulo’s city holiday, which B3 trades since 2022', () => {
    expect(isMarketOpen(sp('2027-01-25T11:00:00'))).toBe(true);
  });

  it('opens again on the session day after a holiday', () => {
    expect(isMarketOpen(sp('2026-04-02T18:00:00'))).toBe(true); // the Thursday before Good Friday
    expect(isMarketOpen(sp('2026-04-06T09:00:00'))).toBe(true); // Easter Monday
  });
});
