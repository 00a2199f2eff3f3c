import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deal } from './deal.schema.js';
import { PositionBook, closedBetween } from './position-book.js';
import { dealsToPositions } from './positions.js';

const ENTRIES = ['IN', 'IN', 'IN', 'OUT', 'OUT', 'INOUT', 'OUT_BY'] as const;

// Arbitrary interleaved histories: any entry on any id, ties in time, ticket-only deals,
// partial closes and reversals, so that the book meets every state the batch rebuild does.
const event = fc.record({
  group: fc.integer({ min: 1, max: 6 }),
  entry: fc.constantFrom(...ENTRIES),
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  volume: fc.integer({ min: 0, max: 3 }),
  step: fc.constantFrom(0, 0, 60_000, 3_600_000),
  profit: fc.integer({ min: -500, max: 500 }),
  ticketOnly: fc.boolean(),
});

type Event = typeof event extends fc.Arbitrary<infer E> ? E : never;

function toDeals(events: Event[]): Deal[] {
  let time = Date.UTC(2025, 0, 2);
  return events.map((e, i) => {
    time += e.step;
    const ticket = String(1000 + i);
    return {
      ticket,
      position_id: e.ticketOnly ? null : String(e.group),
      order: null,
      user_id: null,
      symbol: e.group % 2 ? 'WINZ25' : 'WDOZ25',
      magic: e.group,
      volume: e.volume,
      type: e.side,
      entry: e.entry,
      price: 125_000 + i,
      time,
      profit: e.profit,
      commission: -0.5,
      swap: 0,
      reason: null,
      status: null,
    };
  });
}

/** Cut points splitting `n` deals into consecutive batches. */
const cuts = (n: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: n }), { maxLength: 6 })
    .map((c) => c.sort((a, b) => a - b));

const histories = fc
  .array(event, { maxLength: 60 })
  .map(toDeals)
  .chain((deals) => fc.tuple(fc.constant(deals), cuts(deals.length), fc.boolean()));

describe('PositionBook', () => {
  it('builds, batch by batch, exactly the positions of one rebuild over every deal', () => {
    fc.assert(
      fc.property(histories, ([deals, points, unique]) => {
        const book = new PositionBook({ uniqueTickets: unique });
        let start = 0;
        for (const end of [...points, deals.length]) {
          expect(book.add(deals.slice(start, end))).toBe(true);
          start = end;
          // After every batch, not only at the end: partly closed trips come and go.
          expect([...book.positions()]).toEqual(dealsToPositions(deals.slice(0, end)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('answers a close-time range as the rebuild filtered to it', () => {
    fc.assert(
      fc.property(histories, fc.nat(), fc.nat(), ([deals], a, b) => {
        const book = new PositionBook();
        book.add(deals);
        const all = dealsToPositions(deals);
        const times = all.map((p) => p.close_time);
        const pick = (n: number) => times[n % Math.max(1, times.length)] ?? 0;
        const [from, to] = [pick(a), pick(b)].sort((x, y) => x - y) as [number, number];
        const expected = all.filter((p) => p.close_time >= from && p.close_time <= to);
        expect(book.closedBetween(from, to)).toEqual(expected);
        expect(closedBetween(all, from, to)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a batch holding a deal earlier than one it has, and keeps what it had', () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 2, maxLength: 40 }).map(toDeals),
        fc.nat(),
        (deals, n) => {
          const last = deals[deals.length - 1] as Deal;
          const early = deals.find((d) => d.time < last.time);
          fc.pre(early !== undefined);
          const book = new PositionBook();
          book.add(deals);
          const before = [...book.positions()];
          const late = { ...early, ticket: String(9_000_000 + n) };
          expect(book.add([late])).toBe(false);
          expect([...book.positions()]).toEqual(before);
          expect(book.dealCount).toBe(deals.length);
        },
      ),
    );
  });
});
