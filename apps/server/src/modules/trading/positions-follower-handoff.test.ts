import type { Mt5Deal } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { DealsHandoff, heldRows, sinceMark } from './positions-follower-handoff.js';

const deal = (ticket: number, timeMsc = ticket * 1000): Mt5Deal => ({
  ticket,
  order: ticket,
  position_id: ticket,
  symbol: 'WINZ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 100,
  profit: -0,
  commission: 0,
  swap: 0,
  magic: 0,
  reason: 0,
  comment: '',
  time: Math.floor(timeMsc / 1000),
  time_msc: timeMsc,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => deal(from + i));
const version = (count: number, maxTicket: number, epoch = 0) => ({ count, maxTicket, epoch });

function held(...batches: Mt5Deal[][]) {
  const handoff = new DealsHandoff();
  for (const b of batches) handoff.offer(1, b);
  const taken = handoff.take(1);
  if (!taken) throw new Error('nothing held');
  return taken;
}

describe('sinceMark', () => {
  it('gives the batches above the watermark when they are all the deals since it', () => {
    const h = held(range(1, 10), range(11, 20), range(21, 25));
    // A run already took in tickets up to 10 (read before this batch was handed over).
    const batches = sinceMark(h, version(10, 10), version(25, 25));
    expect(batches?.flatMap((b) => b.deals.map((d) => d.ticket))).toEqual(
      range(11, 25).map((d) => d.ticket),
    );
    expect(sinceMark(h, version(0, 0), version(25, 25))).toHaveLength(3);
  });

  it('gives nothing when the deals since the watermark are not exactly those held', () => {
    const h = held(range(11, 20), range(21, 25));
    // Deals stored elsewhere too; one batch missing; a delete since; a batch across the mark.
    expect(sinceMark(h, version(10, 10), version(30, 30))).toBeUndefined();
    expect(sinceMark(h, version(10, 10), version(20, 25))).toBeUndefined();
    expect(sinceMark(h, version(10, 10), version(25, 25, 1))).toBeUndefined();
    expect(sinceMark(h, version(15, 15), version(25, 25))).toBeUndefined();
    // As many as the count grew by, but one of them older than the mark's highest ticket.
    expect(
      sinceMark(held([deal(3), ...range(21, 29)]), version(10, 10), version(20, 29)),
    ).toBeUndefined();
  });

  it('forgets an account past its limit, and takes what is held once', () => {
    const handoff = new DealsHandoff();
    handoff.offer(1, range(1, 150_000));
    handoff.offer(1, range(150_001, 200_001));
    expect(handoff.take(1)).toBeUndefined();
    handoff.offer(2, range(1, 3));
    expect(handoff.take(2)?.count).toBe(3);
    expect(handoff.take(2)).toBeUndefined();
  });
});

describe('heldRows', () => {
  it('orders by time then ticket, as the stored deals are read, with -0 read back as 0', () => {
    const h = held(
      [deal(5, 2000), deal(4, 3000)],
      [deal(3, 2000), { ...deal(9, 1000), symbol: '\ud800X' }],
    );
    const rows = heldRows(h.batches);
    expect(rows.map((r) => r[0])).toEqual([9, 3, 5, 4]);
    expect(Object.is(rows[0]?.[7], 0)).toBe(true);
    expect(rows[0]?.[2]).toBe('\ufffdX');
  });
});
