import { describe, expect, it } from 'vitest';
import { openSimMarket } from './sim-market.js';

// A Tuesday's session at 10:00 in São Paulo.
const TUESDAY_10H = Date.parse('2026-11-17T10:00:00-03:00');

describe('the terminal market', () => {
  it('starts its clock at the instant given, however late the wall clock is', () => {
    let wall = Date.parse('2030-01-05T23:00:00Z');
    const market = openSimMarket({
      seed: 'inicio',
      historyDays: 3,
      speed: 60,
      start: TUESDAY_10H,
      now: () => wall,
    });
    const last = market.deals.at(-1);
    expect(last && last.time * 1000).toBeLessThanOrEqual(TUESDAY_10H);
    wall += 60_000; // one wall minute at 60x: an hour of the session
    const fresh = market.advance();
    for (const d of fresh) {
      expect(d.time * 1000).toBeGreaterThan(TUESDAY_10H - 60_000);
      expect(d.time * 1000).toBeLessThanOrEqual(TUESDAY_10H + 3_600_000);
    }
  });

  it('makes a deal every few simulated minutes when active, a few a day otherwise', () => {
    const hour = (active: boolean) => {
      let wall = 0;
      const m = openSimMarket({
        seed: 'ativo',
        historyDays: 1,
        speed: 60,
        start: TUESDAY_10H,
        active,
        now: () => wall,
      });
      wall += 2 * 60_000; // two session hours
      return m.advance().length;
    };
    const usual = hour(false);
    const active = hour(true);
    expect(active).toBeGreaterThanOrEqual(8);
    expect(active).toBeGreaterThan(usual * 3);
  });
});
