import type { Mt5Deal } from '@vortex/core';
import type { EventBus } from '../live/event-bus.js';
import type { DealRow } from './deal-row.js';
import type { DealsVersion } from './positions-cache.repo.js';

/**
 * Held per account at most (about 2 s of one agent at full speed, ~70 MB): past it the follower
 * reads the deals back, as without a handoff.
 */
const MAX_HELD = 200_000;

/** One batch this instance committed, every deal of it new when it was stored. */
interface HeldBatch {
  deals: readonly Mt5Deal[];
  minTicket: number;
  maxTicket: number;
}

/** An account's held batches, in the order they were committed. */
export interface HeldDeals {
  batches: HeldBatch[];
  count: number;
}

/**
 * The held deals that are exactly the account's deals stored since the watermark `from`, as of
 * `now`, or undefined. Batches wholly at or below the watermark's highest ticket were taken in
 * by an earlier run (or are late older tickets, which the count then tells apart). The rest are
 * committed, above every deal of the watermark, and no delete came since (same epoch), so they
 * are among the deals since it; as many as the count grew by, they are all of them.
 */
export function sinceMark(
  held: HeldDeals,
  from: DealsVersion,
  now: DealsVersion,
): HeldBatch[] | undefined {
  if (from.epoch !== now.epoch) return undefined;
  const batches = held.batches.filter((b) => b.maxTicket > from.maxTicket);
  let count = 0;
  let max = 0;
  for (const b of batches) {
    if (b.minTicket <= from.maxTicket) return undefined;
    count += b.deals.length;
    max = Math.max(max, b.maxTicket);
  }
  return count === now.count - from.count && max === now.maxTicket ? batches : undefined;
}

/**
 * The deals the ingestion just stored, handed to this instance's follower in memory so that it
 * need not read them back from the database. Only a hint: the follower uses them when they are
 * exactly what it would read (sinceMark), and reads otherwise.
 */
export class DealsHandoff {
  private readonly held = new Map<number, HeldDeals>();

  /** After the commit, and only for a batch the database stored every deal of. */
  offer(accountId: number, deals: readonly Mt5Deal[]): void {
    if (deals.length === 0) return;
    let minTicket = Number.POSITIVE_INFINITY;
    let maxTicket = 0;
    for (const d of deals) {
      if (d.ticket < minTicket) minTicket = d.ticket;
      if (d.ticket > maxTicket) maxTicket = d.ticket;
    }
    const held = this.held.get(accountId);
    const batch = { deals, minTicket, maxTicket };
    if (!held) this.held.set(accountId, { batches: [batch], count: deals.length });
    // A follower that does not come leaves nothing growing: what it lacks it reads.
    else if (held.count + deals.length > MAX_HELD) this.held.delete(accountId);
    else {
      held.batches.push(batch);
      held.count += deals.length;
    }
  }

  /** What is held for the account, taken: the next run gets what is offered after this. */
  take(accountId: number): HeldDeals | undefined {
    const held = this.held.get(accountId);
    this.held.delete(accountId);
    return held;
  }
}

// The ingestion reaches the follower of its instance through the bus both use, as the
// deals_added event does, without either holding the other.
const byBus = new WeakMap<EventBus, DealsHandoff>();

export function attachHandoff(bus: EventBus, handoff: DealsHandoff): () => void {
  byBus.set(bus, handoff);
  return () => {
    if (byBus.get(bus) === handoff) byBus.delete(bus);
  };
}

/** Hands committed deals to the follower listening on `bus`, if any. */
export function handOffStoredDeals(bus: EventBus, accountId: number, deals: readonly Mt5Deal[]) {
  byBus.get(bus)?.offer(accountId, deals);
}

// Stored as float8, a -0 reads back as 0.
const float = (x: number) => x + 0;
// Sent to the database as UTF-8, a lone surrogate half reads back as U+FFFD.
const HALF = /[\uD800-\uDFFF]/;
const text = (s: string) => (HALF.test(s) ? Buffer.from(s, 'utf8').toString('utf8') : s);

/** The held deals as the follower's query would return them: rows by (time_msc, ticket). */
export function heldRows(batches: readonly HeldBatch[]): DealRow[] {
  const rows: DealRow[] = [];
  for (const batch of batches) {
    for (const d of batch.deals) {
      rows.push([
        d.ticket,
        d.position_id,
        text(d.symbol),
        d.type,
        d.entry,
        float(d.volume),
        float(d.price),
        float(d.profit),
        float(d.commission),
        float(d.swap),
        d.magic,
        d.reason,
        d.time_msc,
        // Older agents send no fee: 0, as the column's default.
        float(d.fee ?? 0),
      ]);
    }
  }
  return rows.sort((a, b) => a[12] - b[12] || a[0] - b[0]);
}
