import { scriptedTicks, type TickInput } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.js';

// Monday 2025-03-10 in São Paulo (UTC-3).
const sp = (hms: string): number => Date.parse(`2025-03-10T${hms}-03:00`);
const q = (hms: string, bid: number): TickInput => ({ time_msc: sp(hms), bid, ask: bid + 5 });
const simulate = (ticks: TickInput[]) =>
  createSimulator({
    seed: 1,
    startTime: sp('08:59:00'),
    symbol: 'WINJ25',
    source: scriptedTicks(ticks),
  });

describe('Simulator: pending orders', () => {
  it('fills a buy limit on the first tick whose ask reaches it', () => {
    const sim = simulate([
      q('09:01:00', 125_000),
      q('09:02:00', 124_955), // ask 124,960: not yet
      q('09:03:00', 124_945), // ask 124,950: fills
    ]);
    sim.advanceTo(sp('09:01:00'));
    const placed = sim.placeOrder({ type: 'BUY_LIMIT', volume: 2, price: 124_950, tp: 125_100 });
    expect(placed).toMatchObject({ retcode: 10009, order: 1, deal: 0 });
    expect(sim.orders()).toMatchObject([
      { ticket: 1, type: 2, volume_initial: 2, price_open: 124_950, tp: 125_100 },
    ]);
    expect(sim.advanceTo(sp('09:02:00')).deals).toEqual([]);
    const step = sim.advanceTo(sp('09:03:00'));
    expect(step.orderEvents).toEqual([{ order: 1, state: 'filled' }]);
    expect(step.deals).toMatchObject([{ order: 1, position_id: 1, price: 124_950, volume: 2 }]);
    expect(sim.orders()).toEqual([]);
    expect(sim.positions()).toMatchObject([{ ticket: 1, volume: 2, tp: 125_100 }]);
  });

  it('fills a buy stop at the tick that crosses it, slipping through a gap', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_090), q('09:03:00', 125_115)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY_STOP', volume: 1, price: 125_100 });
    sim.advanceTo(sp('09:02:00'));
    expect(sim.positions()).toEqual([]);
    sim.advanceTo(sp('09:03:00'));
    expect(sim.deals()).toMatchObject([{ price: 125_120, time_msc: sp('09:03:00') }]);
  });

  it('fills sell limits and sell stops on the bid', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100), q('09:03:00', 124_880)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'SELL_LIMIT', volume: 1, price: 125_100 });
    sim.placeOrder({ type: 'SELL_STOP', volume: 1, price: 124_900 });
    sim.advanceTo(sp('09:03:00'));
    expect(sim.deals().map((d) => [d.order, d.type, d.price])).toEqual([
      [1, 1, 125_100],
      [2, 1, 124_880],
    ]);
    expect(sim.positions()).toMatchObject([{ type: 1, volume: 2, price_open: 124_990 }]);
  });

  it('modifies and cancels pending orders', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 124_900)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY_LIMIT', volume: 1, price: 124_950 });
    sim.placeOrder({ type: 'BUY_LIMIT', volume: 1, price: 124_800 });
    expect(sim.modifyOrder(1, { price: 124_850, sl: 124_700 }).retcode).toBe(10009);
    expect(sim.modifyOrder(1, { sl: 124_900 }).retcode).toBe(10016);
    expect(sim.modifyOrder(1, { price: 125_100 }).retcode).toBe(10015);
    expect(sim.orders()).toMatchObject([{ ticket: 1, price_open: 124_850, sl: 124_700 }, {}]);
    expect(sim.cancelOrder(2).retcode).toBe(10009);
    expect(sim.cancelOrder(2).retcode).toBe(10013);
    sim.advanceTo(sp('09:02:00'));
    expect(sim.deals()).toEqual([]);
    expect(sim.orders()).toHaveLength(1);
  });
});

describe('Simulator: stop loss and take profit', () => {
  it('closes a long on its SL with reason 4, at the tick price', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 124_905), q('09:03:00', 124_890)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1, sl: 124_900, tp: 125_200, magic: 135_000 });
    expect(sim.advanceTo(sp('09:02:00')).deals).toEqual([]);
    const step = sim.advanceTo(sp('09:03:00'));
    expect(step.positionsChanged).toBe(true);
    expect(step.deals).toMatchObject([
      { order: 2, position_id: 1, entry: 1, reason: 4, price: 124_890, profit: -23 },
    ]);
    expect(step.deals[0]).toMatchObject({ magic: 135_000, comment: '[sl 124900]' });
    expect(sim.positions()).toEqual([]);
  });

  it('closes a short on its TP with reason 5', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 124_795)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'SELL', volume: 1, sl: 125_200, tp: 124_800 });
    const step = sim.advanceTo(sp('09:02:00'));
    expect(step.deals).toMatchObject([{ type: 0, reason: 5, price: 124_800, profit: 40 }]);
    expect(sim.account().balance).toBe(10_000 + 40 - 0.5);
  });

  it('moves a position’s stops and checks them against the closing side of the quote', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_095)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    expect(sim.modifyPosition(1, { tp: 125_000 }).retcode).toBe(10016);
    expect(sim.modifyPosition(1, { tp: 125_100, sl: 124_800 }).retcode).toBe(10009);
    expect(sim.positions()).toMatchObject([{ sl: 124_800, tp: 125_100 }]);
    sim.advanceTo(sp('09:02:00'));
    expect(sim.positions()).toHaveLength(1); // the bid, 125,095, has not reached the TP
  });

  it('stops out when the margin level falls below 50%', () => {
    const sim = createSimulator({
      seed: 1,
      startTime: sp('08:59:00'),
      symbol: 'WINJ25',
      initialBalance: 300,
      source: scriptedTicks([
        q('09:01:00', 125_000),
        q('09:02:00', 124_600),
        q('09:03:00', 124_500),
      ]),
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 2 }); // at 125,005, margin R$ 200
    sim.advanceTo(sp('09:02:00')); // floating -162: equity 137.50, level 68.75%
    expect(sim.positions()).toHaveLength(1);
    sim.advanceTo(sp('09:03:00')); // floating -202: equity 97.50, level 48.75%
    expect(sim.deals()[1]).toMatchObject({ reason: 6, price: 124_500, profit: -202 });
    expect(sim.account()).toMatchObject({ balance: 97, margin: 0 });
  });
});
