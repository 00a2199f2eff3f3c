import { Mt5DealSchema, SessionCalendar } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { backfill, type SimAccountProfile } from './backfill.js';
import { roundCents } from './money.js';
import type { SimDeal } from './types.js';

// Friday 2025-10-17 after the close: 12 sessions back is Thursday 2025-10-02.
const END = Date.parse('2025-10-17T20:00:00-03:00');
const calendar = new SessionCalendar();
const HEDGING_USD: SimAccountProfile = {
  marginMode: 'hedging',
  currency: 'USD',
  feePerContract: 0.1,
  operations: [
    { day: 4, amount: 5_000 },
    { day: 8, amount: -3_000 },
  ],
};
const run = () => backfill({ seed: 'vortex-hedge', days: 12, endTime: END, account: HEDGING_USD });

const isTrade = (d: SimDeal) => d.type === 0 || d.type === 1;

describe('backfill of a hedging USD account with deposits, a withdrawal and fees', () => {
  const history = run();
  const { deals, account, simulator } = history;
  const trades = deals.filter(isTrade);

  it('opens with the initial deposit, then books the schedule before its sessions open', () => {
    const cash = deals.filter((d) => !isTrade(d));
    expect(cash.map((d) => [d.ticket, d.type, d.profit, d.comment])).toEqual([
      [1, 2, 10_000, 'Deposit'],
      [cash[1]?.ticket, 2, 5_000, 'Deposit'],
      [cash[2]?.ticket, 2, -3_000, 'Withdrawal'],
    ]);
    const sessions = [...new Set(trades.map((d) => calendar.localDay(d.time_msc)))];
    expect(cash[0]?.time_msc).toBe(history.startTime);
    for (const [i, day] of [
      [1, 4],
      [2, 8],
    ] as const) {
      const op = cash[i];
      expect(op && calendar.isOpen(op.time_msc)).toBe(false);
      expect(op && calendar.localDay(op.time_msc)).toBe(sessions[day]);
    }
    // Each is a valid agent deal, as the server will read it.
    for (const d of cash) expect(Mt5DealSchema.parse(d)).toEqual(d);
  });

  it('says hedging and USD, and its balance is the sum of every deal', () => {
    expect(account).toMatchObject({ margin_mode: 2, currency: 'USD' });
    expect(simulator.marginMode).toBe('hedging');
    const sum = deals.reduce((s, d) => roundCents(s + d.profit + d.commission + d.fee), 0);
    expect(account.balance).toBeCloseTo(sum, 6);
    expect(trades.every((d) => d.fee === roundCents(-0.1 * d.volume))).toBe(true);
  });

  it('holds overlapping positions, each closed on its own with its own profit', () => {
    const byPosition = new Map<number, SimDeal[]>();
    for (const d of trades)
      byPosition.set(d.position_id, [...(byPosition.get(d.position_id) ?? []), d]);
    const spans = [...byPosition.values()].map((ds) => {
      const [open, ...closes] = ds;
      expect(open?.entry).toBe(0);
      expect(closes.every((c) => c.entry === 1 && c.type !== open?.type)).toBe(true);
      for (const c of closes) {
        const points = open?.type === 0 ? c.price - open.price : (open?.price ?? 0) - c.price;
        expect(c.profit).toBe(roundCents(points * 0.2 * c.volume));
      }
      return [open?.time_msc ?? 0, closes.at(-1)?.time_msc ?? Infinity] as const;
    });
    const overlaps = spans.filter(([o, c], i) =>
      spans.some(([o2, c2], j) => i !== j && o2 >= o && o2 < c && c2 !== o2),
    );
    expect(overlaps.length).toBeGreaterThan(0);
    expect(trades.some((d) => d.entry === 2)).toBe(false);
  });

  it('is the same history for the same seed', () => {
    expect(run().deals).toEqual(deals);
  });

  it('leaves the default account as it was: netting, BRL, no balance deals, no fees', () => {
    const plain = backfill({ seed: 'vortex-hedge', days: 3, endTime: END });
    expect(plain.account).toMatchObject({ margin_mode: 0, currency: 'BRL', credit: 0 });
    expect(plain.deals.every((d) => isTrade(d) && d.fee === 0)).toBe(true);
  });
});
