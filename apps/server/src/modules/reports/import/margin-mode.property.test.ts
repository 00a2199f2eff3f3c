// Deals as a hedging and as a netting account would have made them (one symbol, profits at a
// fixed money per lot, rounded to the cent as the terminal writes them): what the detection says
// is never the other mode, and a hedging account that closed a position other than the one a
// netting average would explain is told as hedging.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportedDeal } from '@vortex/core';
import { detectMarginMode } from './margin-mode.js';

const cents = (n: number) => Math.round(n * 100) / 100;

interface Step {
  open: boolean;
  buy: boolean;
  pick: number; // which open position a hedging close takes (an index, modulo)
  price: number; // in ticks of 0.01 from 100
  volume: number; // lots of 0.01
  part: boolean; // a partial close
}

const step: fc.Arbitrary<Step> = fc.record({
  open: fc.boolean(),
  buy: fc.boolean(),
  pick: fc.nat(20),
  price: fc.integer({ min: -500, max: 500 }),
  volume: fc.integer({ min: 1, max: 300 }),
  part: fc.boolean(),
});

function dealOf(
  i: number,
  buy: boolean,
  direction: 'in' | 'out',
  price: number,
  volume: number,
  profit: number,
): ImportedDeal {
  return {
    ticket: String(i + 2),
    time_text: '',
    time: Date.UTC(2024, 0, 2) + i * 60_000,
    symbol: 'XAUUSD',
    type: buy ? 'buy' : 'sell',
    direction,
    volume,
    price,
    order: String(i + 2),
    commission: 0,
    fee: null,
    swap: 0,
    profit,
    balance: 0,
    comment: '',
  };
}

/** A hedging account: every open is a position, every close takes one whole or in part. */
function hedging(steps: Step[], scale: number, sameSide: boolean): ImportedDeal[] {
  const open: { buy: boolean; price: number; volume: number }[] = [];
  const deals: ImportedDeal[] = [];
  steps.forEach((s, i) => {
    const price = cents(100 + s.price / 100);
    if (s.open || open.length === 0) {
      const buy = sameSide ? true : s.buy;
      const volume = s.volume / 100;
      open.push({ buy, price, volume });
      deals.push(dealOf(i, buy, 'in', price, volume, 0));
      return;
    }
    const lot = open[s.pick % open.length];
    if (lot === undefined) return;
    const volume = s.part && lot.volume > 0.01 ? cents(lot.volume / 2) : lot.volume;
    const profit = cents(scale * (price - lot.price) * (lot.buy ? 1 : -1) * volume);
    deals.push(dealOf(i, !lot.buy, 'out', price, volume, profit));
    lot.volume = cents(lot.volume - volume);
    if (lot.volume <= 0) open.splice(open.indexOf(lot), 1);
  });
  return deals;
}

/** A netting account: one position a symbol, added to at its average price, closed from it. */
function netting(steps: Step[], scale: number): ImportedDeal[] {
  let position: { buy: boolean; price: number; volume: number } | null = null;
  const deals: ImportedDeal[] = [];
  steps.forEach((s, i) => {
    const price = cents(100 + s.price / 100);
    if (position === null) {
      position = { buy: s.buy, price, volume: s.volume / 100 };
      deals.push(dealOf(i, s.buy, 'in', price, position.volume, 0));
      return;
    }
    if (s.open) {
      const volume = s.volume / 100;
      const total = position.volume + volume;
      position.price = (position.price * position.volume + price * volume) / total;
      position.volume = cents(total);
      deals.push(dealOf(i, position.buy, 'in', price, volume, 0));
      return;
    }
    const volume = s.part && position.volume > 0.01 ? cents(position.volume / 2) : position.volume;
    const dir = position.buy ? 1 : -1;
    const profit = cents(scale * (price - position.price) * dir * volume);
    deals.push(dealOf(i, !position.buy, 'out', price, volume, profit));
    position.volume = cents(position.volume - volume);
    if (position.volume <= 0) position = null;
  });
  return deals;
}

const mode = (deals: ImportedDeal[]) => detectMarginMode({ deals, positions: [] });
const scales = fc.constantFrom(1, 10, 100, 100_000);
const RUNS = 300;

describe('the margin mode detected from deals is never the other one', () => {
  it('a hedging account is never read as netting', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), scales, fc.boolean(), (steps, k, same) => {
        expect(mode(hedging(steps, k, same))).not.toBe('netting');
      }),
      { numRuns: RUNS },
    );
  });

  it('a netting account is never read as hedging', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), scales, (steps, k) => {
        expect(mode(netting(steps, k))).not.toBe('hedging');
      }),
      {
        numRuns: RUNS,
        // seed 1923592620: a scale learned from a 0.13 close (0.8 % off by its rounding) made a
        // partial close's two readings, 0.001 apart, vote hedging
        examples: [
          [
            [
              { open: false, buy: false, pick: 0, price: -69, volume: 19, part: false },
              { open: false, buy: false, pick: 0, price: 0, volume: 1, part: false },
              { open: false, buy: false, pick: 0, price: 0, volume: 1, part: false },
              { open: true, buy: false, pick: 0, price: -25, volume: 14, part: false },
              { open: false, buy: false, pick: 0, price: 365, volume: 1, part: true },
            ],
            1,
          ],
        ],
      },
    );
  });
});
