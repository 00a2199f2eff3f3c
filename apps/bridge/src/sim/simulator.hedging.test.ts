import { scriptedTicks, type TickInput } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimulator, type SimulatorOptions } from './simulator.js';

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

describe('Simulator: hedging account', () => {
  it('opens a position per order and closes each by its ticket, at its own profit', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100), q('09:03:00', 125_300)], {
      marginMode: 'hedging',
      currency: 'USD',
    });
    sim.advanceTo(sp('09:01:00'));
    expect(sim.placeOrder({ type: 'BUY', volume: 1 })).toMatchObject({ retcode: 10009, order: 1 });
    sim.advanceTo(sp('09:02:00'));
    expect(sim.placeOrder({ type: 'BUY', volume: 2 })).toMatchObject({ retcode: 10009, order: 2 });
    // Two overlapping buys stay two positions, each at its own price (netting would average them).
    expect(sim.positions()).toMatchObject([
      { ticket: 1, type: 0, volume: 1, price_open: 125_005 },
      { ticket: 2, type: 0, volume: 2, price_open: 125_105 },
    ]);
    expect(sim.account()).toMatchObject({ margin: 300, margin_mode: 2, currency: 'USD' });
    sim.advanceTo(sp('09:03:00'));
    sim.closePosition(2);
    sim.closePosition(1);
    const outs = sim.deals().filter((d) => d.entry === 1);
    // Bid 125,300: (125,300 − 125,105) × 0.2 × 2 and (125,300 − 125,005) × 0.2 × 1.
    expect(outs).toMatchObject([
      { position_id: 2, type: 1, volume: 2, price: 125_300, profit: 78 },
      { position_id: 1, type: 1, volume: 1, price: 125_300, profit: 59 },
    ]);
    expect(sim.positions()).toEqual([]);
    expect(sim.account().balance).toBe(10_000 + 78 + 59 - 0.25 * 6);
  });

  it('keeps a buy and a sell open side by side, and closes part of one', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 124_900)], {
      marginMode: 'hedging',
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 3 });
    sim.placeOrder({ type: 'SELL', volume: 1 });
    expect(sim.positions().map((p) => [p.ticket, p.type, p.volume])).toEqual([
      [1, 0, 3],
      [2, 1, 1],
    ]);
    sim.advanceTo(sp('09:02:00'));
    expect(sim.closePosition(1, { volume: 2 })).toMatchObject({ retcode: 10009 });
    expect(sim.deals().at(-1)).toMatchObject({ position_id: 1, entry: 1, volume: 2, profit: -42 });
    expect(sim.positions().map((p) => [p.ticket, p.volume])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // No deal of a hedging account is a reversal.
    expect(sim.deals().some((d) => d.entry === 2)).toBe(false);
  });

  it('closes each position at its own stop loss', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100), q('09:03:00', 125_040)], {
      marginMode: 'hedging',
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1, sl: 124_900 });
    sim.advanceTo(sp('09:02:00'));
    sim.placeOrder({ type: 'BUY', volume: 1, sl: 125_050 });
    const step = sim.advanceTo(sp('09:03:00'));
    expect(step.deals).toMatchObject([{ position_id: 2, entry: 1, reason: 4, price: 125_040 }]);
    expect(sim.positions()).toMatchObject([{ ticket: 1, sl: 124_900 }]);
  });

  it('nets as before on a netting account: a second buy averages into the one position', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_100)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    sim.advanceTo(sp('09:02:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    expect(sim.positions()).toMatchObject([{ ticket: 1, volume: 2, price_open: 125_055 }]);
    expect(sim.account()).toMatchObject({ margin_mode: 0, currency: 'BRL' });
  });
});

describe('Simulator: balance operations and fees', () => {
  it('books deposits and withdrawals as MT5 balance deals, with no symbol or position', () => {
    const sim = simulate([q('09:01:00', 125_000)], { openingDeposit: true, initialBalance: 5_000 });
    expect(sim.deals()).toEqual([
      {
        ticket: 1,
        order: 0,
        position_id: 0,
        symbol: '',
        type: 2,
        entry: 0,
        volume: 0,
        price: 0,
        profit: 5_000,
        commission: 0,
        fee: 0,
        swap: 0,
        magic: 0,
        reason: 0,
        comment: 'Deposit',
        time: sp('08:59:00') / 1000,
        time_msc: sp('08:59:00'),
      },
    ]);
    sim.advanceTo(sp('09:01:00'));
    expect(sim.bookBalance({ amount: 1_500.5 })).toMatchObject({ ticket: 2, profit: 1_500.5 });
    expect(sim.bookBalance({ amount: -2_000, comment: 'Saque' })).toMatchObject({
      ticket: 3,
      type: 2,
      profit: -2_000,
      comment: 'Saque',
      time_msc: sp('09:01:00'),
    });
    expect(sim.account().balance).toBe(4_500.5);
    expect(sim.bookBalance({ amount: 300, type: 3 })).toMatchObject({ type: 3, profit: 300 });
    expect(sim.account()).toMatchObject({ balance: 4_500.5, credit: 300, equity: 4_800.5 });
  });

  it('refuses a withdrawal beyond the free margin, and a zero amount', () => {
    const sim = simulate([q('09:01:00', 125_000)], { initialBalance: 1_000 });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 5 }); // 500 of margin
    const before = sim.account();
    expect(sim.bookBalance({ amount: -(before.margin_free + 0.01) })).toBeNull();
    expect(sim.bookBalance({ amount: 0 })).toBeNull();
    expect(sim.deals()).toHaveLength(1);
    expect(sim.bookBalance({ amount: -before.margin_free })).not.toBeNull();
  });

  it('charges DEAL_FEE per contract apart from the commission, and the balance pays both', () => {
    const sim = simulate([q('09:01:00', 125_000), q('09:02:00', 125_050)], {
      feePerContract: 0.1,
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'SELL', volume: 3 });
    sim.advanceTo(sp('09:02:00'));
    sim.closePosition(1);
    expect(sim.deals()).toMatchObject([
      { entry: 0, commission: -0.75, fee: -0.3 },
      { entry: 1, commission: -0.75, fee: -0.3, profit: -33 },
    ]);
    expect(sim.account().balance).toBe(10_000 - 33 - 1.5 - 0.6);
  });

  it('leaves the fee at 0 when none is set', () => {
    const sim = simulate([q('09:01:00', 125_000)]);
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY', volume: 1 });
    expect(Object.is(sim.deals()[0]?.fee, 0)).toBe(true);
  });
});
