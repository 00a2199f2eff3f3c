import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.js';

// Good Friday 2026-04-03: a B3 holiday between Thursday's session and Monday's.
const sp = (iso: string): number => Date.parse(`${iso}-03:00`);
const spDay = (epochMs: number) => new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 10);

describe('Simulator over Good Friday', () => {
  const sim = createSimulator({ seed: 'feriado', startTime: sp('2026-04-02T09:00:00') });
  sim.advanceTo(sp('2026-04-02T18:20:00'));
  // 70 points under the ask: out of reach for Thursday's last minutes with this seed.
  const limit = (sim.quote()?.ask ?? 0) - 70;
  const placed = sim.placeOrder({ type: 'BUY_LIMIT', volume: 1, price: limit });
  const thursday = sim.advanceTo(sp('2026-04-02T23:59:00'));
  const friday = sim.advanceTo(sp('2026-04-03T23:59:00'));

  it('has no ticks, no bars and no fills on the holiday, and refuses orders as closed', () => {
    expect(placed).toMatchObject({ retcode: 10009, deal: 0 });
    expect(thursday.deals).toEqual([]);
    expect(friday).toMatchObject({ tickCount: 0, bars: [], deals: [] });
    expect(sim.advanceTo(sp('2026-04-03T12:00:00')).tickCount).toBe(0);
    expect(sim.isMarketOpen()).toBe(false);
    expect(sim.placeOrder({ type: 'BUY', volume: 1 }).retcode).toBe(10018);
    expect(sim.orders()).toMatchObject([{ ticket: placed.order, price_open: limit }]);
  });

  it('trades again on Monday, where the pending order fills', () => {
    const monday = sim.advanceTo(sp('2026-04-06T12:00:00'));
    expect(sim.isMarketOpen()).toBe(true);
    expect(monday.bars.length).toBeGreaterThan(0);
    expect(monday.bars.every((b) => spDay(b.time * 1000) === '2026-04-06')).toBe(true);
    expect(monday.deals).toMatchObject([{ order: placed.order, type: 0, volume: 1 }]);
    const [fill] = monday.deals;
    expect(fill?.price).toBeLessThanOrEqual(limit);
    expect(spDay(fill?.time_msc ?? 0)).toBe('2026-04-06');
  });
});
