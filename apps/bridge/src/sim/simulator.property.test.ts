import { scriptedTicks, type TickInput } from '@vortex/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundCents } from './money.js';
import type { OrderTypeName } from './retcodes.js';
import { createSimulator, type Simulator } from './simulator.js';

const OPEN = Date.parse('2025-03-10T09:00:00-03:00');

type Step =
  | { kind: 'tick'; move: number }
  | { kind: 'order'; type: OrderTypeName; volume: number; offset: number; sl: number; tp: number }
  | { kind: 'close'; volume: number }
  | { kind: 'cancel' };

const ticks5 = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * 5);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick'), move: ticks5(-12, 12) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order'),
      type: fc.constantFrom<OrderTypeName>(
        'BUY',
        'SELL',
        'BUY_LIMIT',
        'SELL_LIMIT',
        'BUY_STOP',
        'SELL_STOP',
      ),
      volume: fc.integer({ min: 1, max: 6 }),
      offset: ticks5(1, 20),
      sl: ticks5(0, 40),
      tp: ticks5(0, 40),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('close'), volume: fc.integer({ min: 1, max: 6 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel') }) },
);

// Sends a request relative to the current quote; refusals are part of what is being tested.
function act(sim: Simulator, step: Step): void {
  const quote = sim.quote();
  if (!quote || step.kind === 'tick') return;
  if (step.kind === 'cancel') {
    const order = sim.orders()[0];
    if (order) sim.cancelOrder(order.ticket);
    return;
  }
  if (step.kind === 'close') {
    const position = sim.positions()[0];
    if (position)
      sim.closePosition(position.ticket, { volume: Math.min(step.volume, position.volume) });
    return;
  }
  const buy = step.type.startsWith('BUY');
  const below = step.type === 'BUY_LIMIT' || step.type === 'SELL_STOP';
  const price = step.type.includes('_') ? quote.bid + (below ? -step.offset : step.offset) : 0;
  const reference = price || quote.bid;
  const sign = buy ? 1 : -1;
  sim.placeOrder({
    type: step.type,
    volume: step.volume,
    price,
    sl: step.sl && reference - sign * step.sl,
    tp: step.tp && reference + sign * step.tp,
    magic: step.volume % 2 === 0 ? 135_000 : 0,
  });
}

function checkInvariants(sim: Simulator, initial: number): void {
  const deals = sim.deals();
  const account = sim.account();
  const positions = sim.positions();
  const booked = deals.reduce((sum, d) => roundCents(sum + d.profit + d.commission), initial);
  expect(account.balance).toBeCloseTo(booked, 6);
  const floating = positions.reduce((sum, p) => sum + p.profit, 0);
  expect(account.equity).toBeCloseTo(account.balance + floating, 6);
  const net = deals.reduce((sum, d) => sum + (d.type === 0 ? d.volume : -d.volume), 0);
  const held = positions.reduce((sum, p) => sum + (p.type === 0 ? p.volume : -p.volume), 0);
  expect(held).toBe(net);
  expect(account.margin).toBe(Math.abs(net) * 100);
  expect(positions.length).toBeLessThanOrEqual(1);
  deals.forEach((d, i) => {
    expect(d.ticket).toBe(i + 1);
    expect(d.commission).toBeCloseTo(-0.25 * d.volume, 9);
    expect(d.volume).toBeGreaterThan(0);
  });
}

describe('Simulator invariants over random order sequences', () => {
  it('balance = initial + Σ(profit + commission); equity = balance + floating; net volume matches', () => {
    // What the runs exercised, so that the property cannot pass by refusing everything.
    const seen = new Map<string, number>();
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
          source: scriptedTicks([{ time_msc: OPEN + 1, bid: 125_000 }, ...ticks]),
        });
        sim.advanceTo(OPEN + 1);
        steps.forEach((step, i) => {
          const at = times[i];
          if (at) sim.advanceTo(at);
          else act(sim, step);
          checkInvariants(sim, 10_000);
        });
        for (const d of sim.deals()) {
          const key = `entry ${d.entry} reason ${d.reason}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }),
      { numRuns: 300 },
    );
    for (const entry of [0, 1, 2]) expect(seen.get(`entry ${entry} reason 0`)).toBeGreaterThan(0);
    for (const reason of [3, 4, 5]) expect(seen.get(`entry 1 reason ${reason}`)).toBeGreaterThan(0);
  });
});
