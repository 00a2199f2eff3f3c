import { DealSchema, dealsToPositions, SessionCalendar } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { backfill } from './backfill.js';
import { roundCents } from './money.js';

// Wednesday 2025-10-15, 20:00 in São Paulo, after the close: 90 B3 sessions back is Wednesday
// 2025-06-11 (Corpus Christi, 2025-06-19, has none), and the history ends flat.
const END = Date.parse('2025-10-15T20:00:00-03:00');
const calendar = new SessionCalendar();

describe('backfill: 90 trading days with the reference trader', () => {
  const started = performance.now();
  const history = backfill({ seed: 'vortex', endTime: END });
  const elapsed = performance.now() - started;
  const { deals, bars, account } = history;

  it('is fast enough for a first start (printed, not asserted: machines vary)', () => {
    console.info(
      `backfill 90 days: ${elapsed.toFixed(0)} ms, ${history.ticks} ticks, ` +
        `${bars.length} M1 bars, ${deals.length} deals, balance R$ ${account.balance}`,
    );
    expect(history.startTime).toBe(Date.parse('2025-06-11T09:00:00-03:00'));
    expect(history.simulator.symbol).toBe('WINV25');
  });

  it('has hundreds to a few thousand deals and trades on most days', () => {
    expect(deals.length).toBeGreaterThan(200);
    expect(deals.length).toBeLessThan(5_000);
    const tradingDays = new Set(deals.map((d) => calendar.localDay(d.time_msc)));
    expect(tradingDays.size).toBeGreaterThanOrEqual(80);
  });

  it('opens and closes every position, inside session hours, flat at the end', () => {
    const net = new Map<number, number>();
    for (const d of deals)
      net.set(d.position_id, (net.get(d.position_id) ?? 0) + (d.type === 0 ? d.volume : -d.volume));
    expect([...net.values()].every((volume) => volume === 0)).toBe(true);
    expect(history.simulator.positions()).toEqual([]);
    expect(deals.filter((d) => !calendar.isOpen(d.time_msc))).toEqual([]);
    expect(deals.every((d) => d.magic === 135_000 && [3, 4, 5].includes(d.reason))).toBe(true);
    expect(deals.some((d) => d.entry === 2)).toBe(true);
  });

  it('books money only through deals, and reads the same through core’s deal schema', () => {
    const booked = deals.reduce((sum, d) => roundCents(sum + d.profit + d.commission), 10_000);
    expect(account.balance).toBeCloseTo(booked, 6);
    expect(account.equity).toBe(account.balance);
    const positions = dealsToPositions(deals.map((d) => DealSchema.parse(d)));
    expect(positions.every((p) => p.status === 'closed')).toBe(true);
    const profit = positions.reduce((sum, p) => sum + p.profit, 0);
    expect(profit).toBeCloseTo(
      deals.reduce((sum, d) => sum + d.profit, 0),
      6,
    );
  });

  it('fills the session with M1 bars on the 5-point grid', () => {
    expect(bars.length).toBeGreaterThan(90 * 560);
    expect(bars.length).toBeLessThanOrEqual(90 * 565);
    expect(
      bars.every((b) => calendar.isOpen(b.time * 1000) && b.low % 5 === 0 && b.high % 5 === 0),
    ).toBe(true);
    const closes = bars.map((b) => b.close);
    expect(Math.min(...closes)).toBeGreaterThan(90_000);
    expect(Math.max(...closes)).toBeLessThan(160_000);
  });
});

describe('backfill determinism', () => {
  const end = Date.parse('2025-03-14T20:00:00-03:00');
  const run = (seed: string) => backfill({ seed, days: 5, endTime: end });

  it('gives the same deals and bars for the same seed, others for another', () => {
    const a = run('a');
    const again = run('a');
    expect(again.deals).toEqual(a.deals);
    expect(again.bars).toEqual(a.bars);
    expect(again.account).toEqual(a.account);
    const b = run('b');
    expect(b.bars.map((bar) => bar.close)).not.toEqual(a.bars.map((bar) => bar.close));
    expect(b.deals).not.toEqual(a.deals);
  });
});
