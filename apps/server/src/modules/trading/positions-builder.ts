import {
  compareDeals,
  comparePositions,
  inProgressPositions,
  stepTrip,
  toPosition,
  type ClosedPosition,
  type RoundTrip,
  type TradeDeal,
} from '@vortex/core';
import { isTradeRow, toDeal, type DealRow } from './deal-row.js';

/** What the follower keeps between runs to go on from its watermark exactly as PositionBook. */
export interface BuilderState {
  /** Per position id (or ticket), its round trip in progress. */
  openTrips: Record<string, RoundTrip>;
  /** The latest trade deal taken in: a later batch may not sort before it. */
  last: TradeDeal | null;
  /** Trade deals taken in so far (PositionBook.dealCount). */
  tradeDeals: number;
  /** The highest id of a finished round trip: ids above it have finished none. */
  keyMax: number;
}

export const emptyState = (): BuilderState => ({
  openTrips: {},
  last: null,
  tradeDeals: 0,
  keyMax: -1,
});

const keyOf = (deal: TradeDeal): string | null => deal.position_id ?? deal.ticket;

function tradeDealsOf(rows: readonly DealRow[]): TradeDeal[] {
  const deals: TradeDeal[] = [];
  for (const row of rows) {
    if (!isTradeRow(row)) continue;
    const deal = toDeal(row);
    if (deal.entry !== null) deals.push(deal as TradeDeal);
  }
  return deals;
}

/**
 * Core's PositionBook, step for step, but its finished round trips leave with each batch (to be
 * stored) instead of staying in memory. How many round trips an id finished before is asked of
 * the caller (the stored rows) for the ids a batch brings that are not in progress.
 */
export class PositionsBuilder {
  private readonly open: Map<string, RoundTrip>;
  private last: TradeDeal | null;
  private deals: number;
  private keyMax: number;

  constructor(state: BuilderState) {
    this.open = new Map(Object.entries(state.openTrips));
    this.last = state.last;
    this.deals = state.tradeDeals;
    this.keyMax = state.keyMax;
  }

  /**
   * The batch's trade deals, and the ids among them whose finished count must be known: those
   * not in progress, unless above every id finished so far (then it is none). Ids are the
   * decimal text of MT5's integer ids.
   */
  prepare(rows: readonly DealRow[]): { deals: TradeDeal[]; unknown: string[] } {
    const deals = tradeDealsOf(rows);
    const unknown = new Set<string>();
    for (const deal of deals) {
      const key = keyOf(deal);
      if (key !== null && Number(key) <= this.keyMax && !this.open.has(key)) unknown.add(key);
    }
    return { deals, unknown: [...unknown] };
  }

  /**
   * Takes in `deals` (in (time, ticket) order, after every deal taken before), given `finished`
   * round trips per id. The round trips they finish, by comparePositions; null when the batch
   * would sort before a deal already taken in (the caller then builds from the start).
   */
  feed(deals: readonly TradeDeal[], finished: Map<string, number>): ClosedPosition[] | null {
    const first = deals[0];
    if (first === undefined) return [];
    if (this.last !== null && compareDeals(first, this.last) < 0) return null;
    const done: ClosedPosition[] = [];
    for (const deal of deals) {
      const key = keyOf(deal);
      if (key === null) continue;
      this.deals++;
      const trip = this.open.get(key) ?? null;
      const before = trip ? 0 : (finished.get(key) ?? 0);
      let count = trip ? trip.number - 1 : before;
      const next = stepTrip(trip, before, deal, (t) => {
        count = t.number;
        done.push(toPosition(t, key));
        this.keyMax = Math.max(this.keyMax, Number(key));
      });
      if (next) this.open.set(key, next);
      else {
        this.open.delete(key);
        finished.set(key, count);
      }
    }
    this.last = deals[deals.length - 1] ?? this.last;
    return done.sort(comparePositions);
  }

  state(): BuilderState {
    return {
      openTrips: Object.fromEntries(this.open),
      last: this.last,
      tradeDeals: this.deals,
      keyMax: this.keyMax,
    };
  }
}

/** The partly closed positions of a state (PositionBook lists them beside the finished). */
export function partlyClosed(state: BuilderState): ClosedPosition[] {
  const partial: ClosedPosition[] = [];
  for (const [key, trip] of Object.entries(state.openTrips)) {
    partial.push(...inProgressPositions(trip, key));
  }
  return partial.sort(comparePositions);
}
