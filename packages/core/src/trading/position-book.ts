import type { Deal, DealEntry } from './deal.schema.js';
import type { ClosedPosition } from './position.js';
import {
  inProgressPositions,
  isTradeDeal,
  stepTrip,
  toPosition,
  type RoundTrip,
  type TradeDeal,
} from './round-trip.js';

// Same-second deals keep MT5's execution order: tickets grow with time, openings before closings.
const ENTRY_RANK: Record<DealEntry, number> = { IN: 0, INOUT: 1, OUT: 2, OUT_BY: 2 };

export function compareIds(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
  if (numeric && x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Total order over what matters, so that the input order never changes the result. */
export function compareDeals(a: TradeDeal, b: TradeDeal): number {
  return (
    a.time - b.time ||
    compareIds(a.ticket, b.ticket) ||
    ENTRY_RANK[a.entry] - ENTRY_RANK[b.entry] ||
    a.volume - b.volume ||
    a.price - b.price ||
    a.profit - b.profit
  );
}

/** The order positions are listed in: by close time, then open time, id and round trip. */
export function comparePositions(a: ClosedPosition, b: ClosedPosition): number {
  return (
    a.close_time - b.close_time ||
    a.open_time - b.open_time ||
    compareIds(a.position_id, b.position_id) ||
    a.round_trip - b.round_trip
  );
}

/** First index of `sorted` (by close time) whose close time is at least `time`. */
export function firstClosedFrom(sorted: readonly ClosedPosition[], time: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.close_time ?? 0) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions of `sorted` (by close time) with from <= close_time <= to, as a new array. */
export function closedBetween(
  sorted: readonly ClosedPosition[],
  from: number,
  to: number,
): ClosedPosition[] {
  return sorted.slice(firstClosedFrom(sorted, from), firstClosedFrom(sorted, to + 1));
}

/** Merges `extra` (sorted) into `sorted` in place; cheap when `extra` belongs at the end. */
function mergeInto(sorted: ClosedPosition[], extra: ClosedPosition[]): void {
  const first = extra[0];
  if (first === undefined) return;
  const last = sorted[sorted.length - 1];
  if (last === undefined || comparePositions(last, first) <= 0) {
    for (const position of extra) sorted.push(position);
    return;
  }
  let start = firstClosedFrom(sorted, first.close_time);
  while (start < sorted.length && comparePositions(sorted[start] as ClosedPosition, first) <= 0) {
    start++;
  }
  const tail = sorted.splice(start);
  let i = 0;
  let j = 0;
  while (i < tail.length || j < extra.length) {
    const a = tail[i];
    const b = extra[j];
    if (b === undefined || (a !== undefined && comparePositions(a, b) <= 0)) {
      sorted.push(a as ClosedPosition);
      i++;
    } else {
      sorted.push(b);
      j++;
    }
  }
}

export interface PositionBookOptions {
  /**
   * The caller vouches that no ticket comes twice (a store keyed by ticket): the book then
   * keeps no set of every ticket seen, which for a long history costs more than the positions.
   */
  uniqueTickets?: boolean;
}

/**
 * Deals -> positions (spec §3), incrementally: deals are added in batches, each after every
 * deal already added, and the positions are always those dealsToPositions would build from
 * all of them. Grouped by position_id, else ticket; only buy/sell deals with an entry count; a
 * deal ticket seen twice counts once; a round trip needs a closing deal (round-trip.ts).
 */
export class PositionBook {
  /** Finished round trips, in comparePositions order. */
  private readonly finished: ClosedPosition[] = [];
  /** Per id: its round trip in progress, or how many it has finished. */
  private readonly groups = new Map<string, RoundTrip | number>();
  /** Ids with a round trip in progress. */
  private readonly inProgress = new Set<string>();
  private readonly seenTickets: Set<string> | null;
  private last: TradeDeal | null = null;
  private deals = 0;

  constructor(options: PositionBookOptions = {}) {
    this.seenTickets = options.uniqueTickets ? null : new Set();
  }

  /** Trade deals taken in so far. */
  get dealCount(): number {
    return this.deals;
  }

  /** The time of the latest deal taken in, or -Infinity. */
  get lastDealTime(): number {
    return this.last?.time ?? Number.NEGATIVE_INFINITY;
  }

  /**
   * Takes in a batch of deals in any order. Returns false, and takes in nothing, when one of
   * them would come before a deal already taken in: the caller then builds a new book.
   */
  add(batch: readonly Deal[]): boolean {
    const deals = batch.filter(isTradeDeal).sort(compareDeals);
    const first = deals[0];
    if (first === undefined) return true;
    if (this.last !== null && compareDeals(first, this.last) < 0) return false;
    const done: ClosedPosition[] = [];
    for (const deal of deals) this.take(deal, done);
    this.last = deals[deals.length - 1] ?? this.last;
    done.sort(comparePositions);
    mergeInto(this.finished, done);
    return true;
  }

  private take(deal: TradeDeal, done: ClosedPosition[]): void {
    const key = deal.position_id ?? deal.ticket;
    if (key === null) return;
    // Only with a position id is the ticket the deal's own (otherwise it names the position).
    if (this.seenTickets && deal.position_id !== null && deal.ticket !== null) {
      if (this.seenTickets.has(deal.ticket)) return;
      this.seenTickets.add(deal.ticket);
    }
    this.deals++;
    const state = this.groups.get(key);
    const trip = typeof state === 'object' ? state : null;
    const before = typeof state === 'number' ? state : 0;
    let finishedCount = trip ? trip.number - 1 : before;
    const next = stepTrip(trip, before, deal, (t) => {
      finishedCount = t.number;
      done.push(toPosition(t, key));
    });
    this.groups.set(key, next ?? finishedCount);
    if (next) this.inProgress.add(key);
    else this.inProgress.delete(key);
  }

  /**
   * Every position so far, by comparePositions: the finished round trips and those partly
   * closed ('open'). The array is the book's own when nothing is partly closed: read it only.
   */
  positions(): readonly ClosedPosition[] {
    const partial = this.partlyClosed();
    if (partial.length === 0) return this.finished;
    const all = this.finished.slice();
    mergeInto(all, partial);
    return all;
  }

  /**
   * Removes and returns, in order, the finished positions closed before `time` and before every
   * position still partly closed: no deal at or after `time` can add one before them. A reader
   * that streams a long history (the statement) keeps only the rest; positions() is then the rest.
   */
  takeSettled(time: number): ClosedPosition[] {
    let limit = time;
    for (const p of this.partlyClosed()) limit = Math.min(limit, p.close_time);
    return this.finished.splice(0, firstClosedFrom(this.finished, limit));
  }

  /** The positions with from <= close_time <= to, by comparePositions, as a new array. */
  closedBetween(from: number, to: number): ClosedPosition[] {
    const range = closedBetween(this.finished, from, to);
    mergeInto(
      range,
      this.partlyClosed().filter((p) => p.close_time >= from && p.close_time <= to),
    );
    return range;
  }

  private partlyClosed(): ClosedPosition[] {
    const partial: ClosedPosition[] = [];
    for (const key of this.inProgress) {
      const trip = this.groups.get(key);
      if (typeof trip === 'object') partial.push(...inProgressPositions(trip, key));
    }
    return partial.sort(comparePositions);
  }
}
