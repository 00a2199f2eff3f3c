import { scriptedTicks, type TickInput } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimulator, type SimulatorOptions } from './simulator.js';
import type { SimDeal } from './types.js';

// Monday 2025-03-10 in São Paulo (UTC-3).
const sp = (hms: string): number => Date.parse(`2025-03-10T${hms}-03:00`);
const q = (hms: string, bid: number): TickInput => ({ time_msc: sp(hms), bid, ask: bid + 5 });
const simulate = (ticks: TickInput[], options: Partial<SimulatorOptions> = {}) =>
  createSimulator({
    seed: 1,
    startTime: sp('08:59:00'),
    symbol: 'WINJ25',
    source: scriptedTicks(ticks),
    ...options,
  });

const deal = (fields: Partial<SimDeal>): SimDeal => ({
  ticket: 1,
  order: 1,
  position_id: 1,
  symbol: 'WINJ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 0,
  profit: 0,
  commission: -0.25,
  fee: 0,
  swap: 0,
  magic: 0,
  reason: 0,
  comment: '',
  time: 0,
  time_msc: 0,
  ...fields,
});
const at = (hms: string) => ({ time: sp(hms) / 1000, time_msc: sp(hms) });

describe('Simulator: market orders and netting', () => {
  it('buy 2 at the ask, sell 2 at the bid: profit = 95 points × 0.20 × 2, minus commission', () => {
    const sim = simulate([q('09:00:01', 125_000), q('09:05:00', 125_100)]);
    sim.advanceTo(sp('09:00:01'));
    const buy = sim.placeOrder({ type: 'BUY', volume: 2 });
    expect(buy).toMatchObject({ retcode: 10009, order: 1, deal: 1, volume: 2, price: 125_005 });
    sim.advanceTo(sp('09:05:00'));
    expect(sim.placeOrder({ type: 'SELL', volume: 2 })).toMatchObject({ retcode: 10009, deal: 2 });
    expect(sim.deals()).toEqual([
      deal({ volume: 2, price: 125_005, commission: -0.5, ...at('09:00:01') }),
      deal({
        ...{ ticket: 2, order: 2, type: 1, entry: 1, volume: 2, price: 125_100 },
        ...{ profit: 38, commission: -0.5, ...at('09:05:00') },
      }),
    ]);
    expect(sim.account().balance).toBe(10_037);
    expect(sim.positions()).toEqual([]);
  });

  it('closes part of a position, then the rest', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_050), q('09:03:00', 124_980)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 3, magic: 7 });
    sim.advanceTo(sp('09:02:00'));
    expect(sim.closePosition(1, { volume: 1 })).toMatchObject({ retcode: 10009, price: 125_050 });
    expect(sim.positions()).toMatchObject([{ ticket: 1, volume: 2, price_open: 125_005 }]);
    sim.advanceTo(sp('09:03:00'));
    expect(sim.closePosition(1).retcode).toBe(10009);
    const [, partial, rest] = sim.deals();
    expect(partial).toMatchObject({ entry: 1, volume: 1, profit: 9, position_id: 1, magic: 7 });
    expect(rest).toMatchObject({ entry: 1, volume: 2, profit: -10, commission: -0.5, reason: 3 });
    expect(sim.account().balance).toBe(10_000 + 9 - 10 - 0.75 - 0.25 - 0.5);
  });

  it('adds a same-side order at the average price', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100), q('09:03:00', 125_200)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    sim.advanceTo(sp('09:02:00'));
    sim.placeOrder({ type: 'BUY', volume: 3 });
    // (125,005 × 1 + 125,105 × 3) / 4
    expect(sim.positions()).toMatchObject([{ ticket: 1, volume: 4, price_open: 125_080 }]);
    sim.advanceTo(sp('09:03:00'));
    sim.placeOrder({ type: 'SELL', volume: 4 });
    expect(sim.deals().map((d) => [d.entry, d.position_id, d.profit])).toEqual([
      [0, 1, 0],
      [0, 1, 0],
      [1, 1, 96],
    ]);
  });

  it('reverses with an INOUT deal and keeps the position id', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100), q('09:03:00', 125_050)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    sim.advanceTo(sp('09:02:00'));
    sim.placeOrder({ type: 'SELL', volume: 3 });
    expect(sim.deals()[1]).toMatchObject({
      ...{ order: 2, position_id: 1, type: 1, entry: 2, volume: 3, price: 125_100 },
      ...{ profit: 19, commission: -0.75 },
    });
    expect(sim.positions()).toMatchObject([{ ticket: 1, type: 1, volume: 2, price_open: 125_100 }]);
    sim.advanceTo(sp('09:03:00'));
    sim.placeOrder({ type: 'BUY', volume: 2 });
    expect(sim.deals()[2]).toMatchObject({ position_id: 1, entry: 1, price: 125_055, profit: 18 });
  });

  it('keeps equity = balance + floating, and margin per contract held', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_050)], {
      marginPerContract: 150,
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 2 });
    sim.advanceTo(sp('09:02:00'));
    expect(sim.positions()).toMatchObject([{ price_current: 125_050, profit: 18 }]);
    expect(sim.account()).toMatchObject({
      balance: 9_999.5,
      profit: 18,
      equity: 10_017.5,
      margin: 300,
      margin_free: 9_717.5,
      margin_level: 3_339.17,
    });
  });
});

describe('Simulator: refusals', () => {
  it('refuses with market closed before 09:00, from 18:25 and on weekends', () => {
    const saturday = Date.parse('2025-03-08T12:00:00-03:00');
    const weekend = createSimulator({ seed: 1, startTime: saturday, symbol: 'WINJ25' });
    expect(weekend.placeOrder({ type: 'BUY', volume: 1 })).toMatchObject({
      retcode: 10018,
      comment: 'Mercado fechado',
    });
    const sim = createSimulator({ seed: 1, startTime: sp('08:59:59'), symbol: 'WINJ25' });
    expect(sim.placeOrder({ type: 'BUY', volume: 1 }).retcode).toBe(10018);
    sim.advanceTo(sp('09:30:00'));
    expect(sim.placeOrder({ type: 'BUY', volume: 1 }).retcode).toBe(10009);
    sim.advanceTo(sp('18:25:00'));
    expect(sim.isMarketOpen()).toBe(false);
    expect(sim.placeOrder({ type: 'SELL', volume: 1 }).retcode).toBe(10018);
    expect(sim.closePosition(1).retcode).toBe(10018);
  });

  it('has no price at 09:00 before the opening trade', () => {
    const sim = simulate([q('09:00:05', 125_000)]);
    sim.advanceTo(sp('09:00:00'));
    expect(sim.placeOrder({ type: 'BUY', volume: 1 }).retcode).toBe(10021);
  });

  it('checks request, volume, stops and money', () => {
    const sim = simulate([q('09:01:00', 125_000)], { initialBalance: 1_000 });
    sim.advanceTo(sp('09:01:00'));
    const send = (over: object) => sim.placeOrder({ type: 'BUY', volume: 1, ...over }).retcode;
    expect(send({ type: 'HOLD' })).toBe(10013);
    expect(send({ symbol: 'WDOJ25' })).toBe(10013);
    expect(send({ volume: 0 })).toBe(10014);
    expect(send({ volume: 1.5 })).toBe(10014);
    expect(send({ sl: 125_000 })).toBe(10016); // a long's SL must sit below the bid
    expect(send({ sl: 124_903 })).toBe(10016);
    expect(send({ type: 'BUY_LIMIT', price: 125_010 })).toBe(10015);
    expect(send({ volume: 11 })).toBe(10019); // R$ 1,100 of margin on R$ 1,000
    expect(send({ volume: 10 })).toBe(10009);
    expect(sim.closePosition(99).retcode).toBe(10013);
    expect(sim.closePosition(1, { volume: 11 }).retcode).toBe(10014);
    expect(sim.deals()).toHaveLength(1);
  });
});

describe('Simulator: bars and advance results', () => {
  it('streams closed M1 bars and serves them by timeframe, the forming bar last', () => {
    const sim = simulate([
      q('09:00:10', 125_000),
      q('09:00:50', 125_020),
      q('09:01:30', 125_010),
      q('09:05:10', 125_100),
    ]);
    const first = sim.advanceTo(sp('09:01:00'));
    expect(first).toMatchObject({ tickCount: 2, bars: [{ time: sp('09:00:00') / 1000 }] });
    expect(first.bars[0]).toMatchObject({ open: 125_000, high: 125_020, close: 125_020 });
    const second = sim.advanceTo(sp('09:05:30'), { collectTicks: true });
    expect(second.ticks.map((t) => t.bid)).toEqual([125_010, 125_100]);
    expect(second.bars.map((b) => b.time)).toEqual([sp('09:01:00') / 1000]);
    expect(sim.bars('M1').map((b) => b.close)).toEqual([125_020, 125_010, 125_100]);
    expect(sim.bars('M5').map((b) => [b.open, b.high, b.close])).toEqual([
      [125_000, 125_020, 125_010],
      [125_100, 125_100, 125_100],
    ]);
    expect(sim.bars('M1', sp('09:01:00') / 1000, sp('09:01:00') / 1000)).toHaveLength(1);
  });
});
