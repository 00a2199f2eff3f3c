import { scriptedTicks, type TickInput } from '@vortex/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundCents } from './money.js';
import { createSimulator, type Simulator } from './simulator.js';
import type { SimDeal } from './types.js';

const OPEN = Date.parse('2025-03-10T09:00:00-03:00');
const FEE = 0.1;

type Step =
  | { kind: 'tick'; move: number }
  | { kind: 'order'; side: 'BUY' | 'SELL'; volume: number; sl: number; tp: number }
  | { kind: 'close'; pick: number; volume: number }
  | { kind: 'cash'; amount: number };

const ticks5 = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * 5);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick'), move: ticks5(-12, 12) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order'),
      side: fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
      volume: fc.integer({ min: 1, max: 4 }),
      sl: ticks5(0, 30),
      tp: ticks5(0, 30),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close'),
      pick: fc.nat(10),
      volume: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cash'),
      amount: fc.integer({ min: -3_000, max: 3_000 }),
    }),
  },
);

function act(sim: Simulator, step: Step): void {
  const quote = sim.quote();
  if (!quote || step.kind === 'tick') return;
  if (step.kind === 'cash') {
    sim.bookBalance({ amount: step.amount });
    return;
  }
  if (step.kind === 'close') {
    const open = sim.positions();
    const position = open[step.pick % Math.max(1, open.length)];
    if (position) {
      sim.closePosition(position.ticket, { volume: Math.min(step.volume, position.volume) });
    }
    return;
  }
  const sign = step.side === 'BUY' ? 1 : -1;
  sim.placeOrder({
    type: step.side,
    volume: step.volume,
    sl: step.sl && quote.bid - sign * step.sl,
    tp: step.tp && quote.bid + sign * step.tp,
  });
}

const isTrade = (d: SimDeal) => d.type === 0 || d.type === 1;

// What the deals alone say of each position: a hedging close is priced on its own opening.
function checkInvariants(sim: Simulator): void {
  const deals = sim.deals();
  const account = sim.account();
  const booked = deals.reduce((sum, d) => roundCents(sum + d.profit + d.commission + d.fee), 0);
  expect(account.balance).toBeCloseTo(booked, 6);
  const positions = sim.positions();
  const floating = positions.reduce((sum, p) => sum + p.profit, 0);
  expect(account.equity).toBeCloseTo(account.balance + floating, 6);
  expect(account.margin).toBe(positions.reduce((sum, p) => sum + p.volume, 0) * 100);
  const opened = new Map<number, SimDeal>();
  const left = new Map<number, number>();
  for (const d of deals) {
    if (!isTrade(d)) {
      expect(d).toMatchObject({ symbol: '', position_id: 0, entry: 0, volume: 0, type: 2 });
      continue;
    }
    expect(d.fee).toBeCloseTo(-FEE * d.volume, 9);
    expect(d.entry === 0 || d.entry === 1).toBe(true);
    if (d.entry === 0) {
      expect(d.position_id).toBe(d.order);
      opened.set(d.position_id, d);
      left.set(d.position_id, d.volume);
      continue;
    }
    const open = opened.get(d.position_id);
    expect(open).toBeDefined();
    if (!open) continue;
    expect(d.type).not.toBe(open.type);
    const points = open.type === 0 ? d.price - open.price : open.price - d.price;
    expect(d.profit).toBeCloseTo(roundCents(points * 0.2 * d.volume), 6);
    left.set(d.position_id, (left.get(d.position_id) ?? 0) - d.volume);
  }
  const stillOpen = [...left].filter(([, v]) => v > 0).map(([id, v]) => [id, v]);
  expect(positions.map((p) => [p.ticket, p.volume])).toEqual(stillOpen);
}

describe('Simulator invariants on a hedging account with fees and balance operations', () => {
  it('every close is priced on its own position; balance = Σ deals; margin = Σ volumes', () => {
    let overlapping = 0;
    let withdrawals = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 80 }), (steps) => {
        let price = 125_000;
        let time = OPEN;
        const ticks: TickInput[] = [];
        const times = steps.map((step) => {
          if (step.kind !== 'tick') return null;
          price += step.move;
          time += 1_000;
          ticks.push({ time_msc: time, bid: price });
          return time;
        });
        const sim = createSimulator({
          seed: 1,
          startTime: OPEN,
          symbol: 'WINJ25',
          marginMode: 'hedging',
          openingDeposit: true,
          feePerContract: FEE,
          source: scriptedTicks([{ time_msc: OPEN + 1, bid: 125_000 }, ...ticks]),
        });
        sim.advanceTo(OPEN + 1);
        steps.forEach((step, i) => {
          const at = times[i];
          if (at) sim.advanceTo(at);
          else act(sim, step);
          if (sim.positions().length > 1) overlapping++;
          checkInvariants(sim);
        });
        withdrawals += sim.deals().filter((d) => d.type === 2 && d.profit < 0).length;
      }),
      { numRuns: 200 },
    );
    // The runs did hold several positions at once and did withdraw.
    expect(overlapping).toBeGreaterThan(0);
    expect(withdrawals).toBeGreaterThan(0);
  });
});
