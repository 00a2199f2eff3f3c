import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { DealOutbox } from './outbox.js';

const deal = (ticket: number) => ({ ticket }) as Mt5Deal;

describe('DealOutbox', () => {
  it('keeps unacknowledged deals across a restart and drops them on ack', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'outbox-')), 'deals.json');
    const a = new DealOutbox(file);
    await a.add([deal(1), deal(2), deal(3)]);
    await a.add([deal(3), deal(4)]);
    expect(a.next(10).map((d) => d.ticket)).toEqual([1, 2, 3, 4]);
    await a.ack(2);
    const b = new DealOutbox(file);
    expect(b.next(10).map((d) => d.ticket)).toEqual([3, 4]);
    expect(b.lastTicket()).toBe(4);
    await b.ack(4);
    const c = new DealOutbox(file);
    expect(c.size).toBe(0);
    // The watermark survives an empty outbox: a restarted source does not start over.
    expect(c.lastTicket()).toBe(4);
  });

  it('hands out the batch after a given ticket, with gaps in the tickets as MT5 has them', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'outbox-')), 'deals.json');
    const o = new DealOutbox(file);
    await o.add([10, 11, 15, 20, 21, 30].map(deal));
    expect(o.nextAfter(11, 2).map((d) => d.ticket)).toEqual([15, 20]);
    expect(o.nextAfter(12, 10).map((d) => d.ticket)).toEqual([15, 20, 21, 30]);
    expect(o.nextAfter(0, 1).map((d) => d.ticket)).toEqual([10]);
    expect(o.nextAfter(30, 5)).toEqual([]);
  });

  it('drops refused deals for good: not handed out again, not taken back from the source', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'outbox-')), 'deals.json');
    const o = new DealOutbox(file);
    await o.add([1, 2, 3, 4].map(deal));
    await o.drop(new Set([2, 4]));
    expect(o.next(10).map((d) => d.ticket)).toEqual([1, 3]);
    expect(o.between(0, 3).map((d) => d.ticket)).toEqual([1, 3]);
    // The highest deal was dropped: the source must still continue after it.
    const reopened = new DealOutbox(file);
    expect(reopened.lastTicket()).toBe(4);
    await reopened.add([3, 4, 5].map(deal));
    expect(reopened.next(10).map((d) => d.ticket)).toEqual([1, 3, 5]);
  });
});
