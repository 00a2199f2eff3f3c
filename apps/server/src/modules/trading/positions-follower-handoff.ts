import type { Mt5Deal } from '@vortex/core';
import type { EventBus } from '../live/event-bus.js';
import type { DealRow } from './deal-row.js';
import type { DealsVersion } from './positions-cache.repo.js';

/**
 * Held per account at most (about 2 s of one agent at full speed, ~70 MB): past it the follower
 * reads the deals back, as without a handoff.
 */
const MAX_HELD = 200_000;

/** Deals this instance committed for one account, each batch wholly new when it was stored. */
export interface HeldDeals {
  batches: (readonly Mt5Deal[])[];
  count: number;
  minTicket: number;
  maxTicket: number;
}

/**
 * Whether `held` is exactly the account's deals stored since the watermark `from`, as of
 * `now`. The held deals are committed and above the watermark's highest ticket, and no delete
 * came in between (same epoch), so they are among the deals since the watermark; as many as
 * the count grew by, they are all of them.
 */
export const followsOn = (held: HeldDeals, from: DealsVersion, now: DealsVersion): boolean =>
  from.epoch === now.epoch &&
  held.count === now.count - from.count &&
  held.minTicket > from.maxTicket &&
  held.maxTicket === now.maxTicket;

/**
 * The deals the ingestion just stored, handed to this instance's follower in memory so that it
 * need not read them back from the database. Only a hint: the follower uses them when they are
 * exactly what it would read (followsOn), and reads otherwise.
 */
export class DealsHandoff {
  private readonly held = new Map<number, HeldDeals>();

  /** After the commit, and only for a batch the database stored every deal of. */
  offer(accountId: number, deals: readonly Mt5Deal[]): void {
    if (deals.length === 0) return;
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const d of deals) {
      if (d.ticket < min) min = d.ticket;
      if (d.ticket > max) max = d.ticket;
    }
    const held = this.held.get(accountId);
    if (!held) {
      this.held.set(accountId, {
        batches: [deals],
        count: deals.length,
        minTicket: min,
        maxTicket: max,
      });
      return;
    }
    // A follower that does not come leaves nothing growing: what it lacks it reads.
    if (held.count + deals.length > MAX_HELD) {
      this.held.delete(accountId);
      return;
    }
    held.batches.push(deals);
    held.count += deals.length;
    held.minTicket = Math.min(held.minTicket, min);
    held.maxTicket = Math.max(held.maxTicket, max);
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
export function heldRows(held: HeldDeals): DealRow[] {
  const rows: DealRow[] = [];
  for (const batch of held.batches) {
    for (const d of batch) {
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
      ]);
    }
  }
  return rows.sort((a, b) => a[12] - b[12] || a[0] - b[0]);
}
