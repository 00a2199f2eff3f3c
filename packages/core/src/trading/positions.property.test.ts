import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deal } from './deal.schema.js';
import { dealsToPositions } from './positions.js';
import { computeStatistics } from './statistics.js';

interface TripPlan {
  volume: number;
  closes: number[];
  reverse: boolean;
}

const tripPlan = fc
  .array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 })
  .chain((closes) =>
    fc.record({
      volume: fc.constant(closes.reduce((a, b) => a + b, 0)),
      closes: fc.constant(closes),
      reverse: fc.boolean(),
    }),
  );

const history = fc.array(
  fc.record({
    trips: fc.array(tripPlan, { minLength: 1, maxLength: 3 }),
    ending: fc.constantFrom('complete', 'partial', 'unclosed'),
    byTicketOnly: fc.boolean(),
  }),
  { maxLength: 8 },
);

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

const deal = (fields: Partial<Deal>): Deal => ({
  ...{
    ticket: null,
    position_id: null,
    order: null,
    user_id: null,
    symbol: 'WINM24',
    magic: 135000,
  },
  ...{
    volume: 1,
    type: 'BUY',
    entry: 'IN',
    price: 100,
    time: 0,
    profit: 0,
    commission: 0,
    swap: 0,
  },
  ...{ reason: null, status: null },
  ...fields,
});

/** Builds MT5-like deals from plans and the closing profit a correct grouping must book. */
function buildHistory(groups: History, profitOf: (n: number) => number) {
  const deals: Deal[] = [];
  let ticket = 1000;
  let time = Date.UTC(2024, 0, 2);
  let expectedProfit = 0;
  let expectedPositions = 0;
  groups.forEach((group, g) => {
    // Ticket-only sources have one open and one close per id: keep a single plain trip.
    const trips: TripPlan[] = group.byTicketOnly
      ? [{ volume: 1, closes: [1], reverse: false }]
      : group.trips;
    const id = group.byTicketOnly ? { ticket: String(50 + g) } : { position_id: String(g + 1) };
    const next = (fields: Partial<Deal>) => {
      time += 60_000;
      ticket += 1;
      const own = group.byTicketOnly ? {} : { ticket: String(ticket) };
      deals.push(
        deal({ ...fields, ...own, ...id, time, profit: fields.profit ?? 0, commission: -0.5 }),
      );
    };
    let side: 'BUY' | 'SELL' = 'BUY';
    let opened = false;
    trips.forEach((trip, t) => {
      const last = t === trips.length - 1;
      if (!opened) next({ type: side, entry: 'IN', volume: trip.volume });
      opened = false;
      const closes = last && group.ending !== 'complete' ? trip.closes.slice(0, -1) : trip.closes;
      if (last && group.ending === 'unclosed' && closes.length > 0) closes.length = 0;
      if (closes.length > 0) expectedPositions++;
      const other = side === 'BUY' ? 'SELL' : 'BUY';
      for (const [c, volume] of closes.entries()) {
        const profit = profitOf(ticket + 1);
        expectedProfit += profit;
        const nextTrip = trips[t + 1];
        if (c === closes.length - 1 && trip.reverse && nextTrip && c === trip.closes.length - 1) {
          next({ type: other, entry: 'INOUT', volume: volume + nextTrip.volume, profit });
          opened = true;
        } else next({ type: other, entry: 'OUT', volume, profit });
      }
      if (opened) side = other;
    });
  });
  return { deals, expectedProfit, expectedPositions };
}

const profitOf = (n: number) => ((n * 7919) % 2001) / 10 - 100; // deterministic, -100..100

describe('dealsToPositions properties', () => {
  it('books every closing deal of a complete round trip exactly once', () => {
    fc.assert(
      fc.property(history, (groups) => {
        const { deals, expectedProfit, expectedPositions } = buildHistory(groups, profitOf);
        const positions = dealsToPositions(deals);
        expect(positions).toHaveLength(expectedPositions);
        const booked = positions.reduce((sum, p) => sum + p.profit, 0);
        expect(booked).toBeCloseTo(expectedProfit, 6);
      }),
    );
  });

  it('a history that starts mid-position keeps the money and leaves no closed position open', () => {
    fc.assert(
      fc.property(history, fc.nat(), (groups, cut) => {
        const { deals } = buildHistory(groups, profitOf);
        // buildHistory writes deals in time order: dropping a prefix starts the history later.
        const held = deals.slice(cut % (deals.length + 1));
        const positions = dealsToPositions(held);
        const closing = held.filter((d) => d.entry !== 'IN').reduce((s, d) => s + d.profit, 0);
        expect(positions.reduce((sum, p) => sum + p.profit, 0)).toBeCloseTo(closing, 6);
        if (groups.every((g) => g.ending === 'complete')) {
          expect(positions.filter((p) => p.status === 'open')).toEqual([]);
        }
      }),
    );
  });

  it('a deal delivered twice is counted once', () => {
    fc.assert(
      fc.property(history, fc.array(fc.nat(), { maxLength: 5 }), (groups, picks) => {
        const { deals } = buildHistory(groups, profitOf);
        const withPositionId = deals.filter((d) => d.position_id !== null);
        const copies = picks.flatMap((i) =>
          withPositionId.length ? [withPositionId[i % withPositionId.length]] : [],
        );
        expect(dealsToPositions([...deals, ...copies.filter((d) => d !== undefined)])).toEqual(
          dealsToPositions(deals),
        );
      }),
    );
  });

  it('shuffling the deals changes nothing, statistics included', () => {
    fc.assert(
      fc.property(
        history.chain((groups) => {
          const { deals } = buildHistory(groups, profitOf);
          return fc.tuple(
            fc.constant(deals),
            fc.shuffledSubarray(deals, { minLength: deals.length }),
          );
        }),
        ([deals, shuffled]) => {
          const positions = dealsToPositions(deals);
          expect(dealsToPositions(shuffled)).toEqual(positions);
          expect(computeStatistics(dealsToPositions(shuffled))).toEqual(
            computeStatistics(positions),
          );
        },
      ),
    );
  });
});
