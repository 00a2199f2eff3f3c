import { formatDuration } from '../format/duration.js';
import type { Deal, DealEntry, DealSide } from './deal.schema.js';
import type { ClosedPosition } from './position.js';

type TradeDeal = Deal & { type: DealSide; entry: DealEntry };

interface Leg {
  volume: number;
  price: number;
}

interface RoundTrip {
  side: DealSide;
  symbol: string;
  magic: number;
  opened: number;
  closed: number;
  openTime: number;
  closeTime: number;
  opens: Leg[];
  closes: Leg[];
  profit: number;
  commission: number;
  swap: number;
}

// Same-second deals keep MT5's execution order: tickets grow with time, openings before closings.
const ENTRY_RANK: Record<DealEntry, number> = { IN: 0, INOUT: 1, OUT: 2, OUT_BY: 2 };

function compareIds(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
  if (numeric && x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

// Total order over what matters, so that the input order never changes the result.
function compareDeals(a: TradeDeal, b: TradeDeal): number {
  return (
    a.time - b.time ||
    compareIds(a.ticket, b.ticket) ||
    ENTRY_RANK[a.entry] - ENTRY_RANK[b.entry] ||
    a.volume - b.volume ||
    a.price - b.price ||
    a.profit - b.profit
  );
}

function isTradeDeal(deal: Deal): deal is TradeDeal {
  return deal.type !== null && deal.entry !== null;
}

function startTrip(deal: TradeDeal, volume: number): RoundTrip {
  return {
    side: deal.type,
    symbol: deal.symbol,
    magic: deal.magic,
    opened: volume,
    closed: 0,
    openTime: deal.time,
    closeTime: deal.time,
    opens: [{ volume, price: deal.price }],
    closes: [],
    profit: 0,
    commission: 0,
    swap: 0,
  };
}

// Money of a deal is booked once: an INOUT deal's belongs to the trip it closes.
function addMoney(trip: RoundTrip, deal: TradeDeal, isClosing: boolean): void {
  if (isClosing) trip.profit += deal.profit;
  trip.commission += deal.commission;
  trip.swap += deal.swap;
  if (trip.symbol === '') trip.symbol = deal.symbol;
  if (trip.magic === 0) trip.magic = deal.magic;
}

function isFlat(trip: RoundTrip): boolean {
  return trip.closed >= trip.opened - 1e-9 * Math.max(1, trip.opened);
}

function weightedPrice(legs: readonly Leg[]): number {
  let volume = 0;
  let notional = 0;
  for (const leg of legs) {
    volume += leg.volume;
    notional += leg.volume * leg.price;
  }
  // Sources without volumes still get a price: the plain mean.
  if (volume > 0) return notional / volume;
  return legs.reduce((sum, leg) => sum + leg.price, 0) / Math.max(1, legs.length);
}

function toPosition(trip: RoundTrip, id: string, roundTrip: number): ClosedPosition {
  return {
    position_id: id,
    round_trip: roundTrip,
    symbol: trip.symbol,
    magic: trip.magic,
    type: trip.side,
    volume: trip.opened,
    entry_price: weightedPrice(trip.opens),
    exit_price: weightedPrice(trip.closes),
    open_time: trip.openTime,
    close_time: trip.closeTime,
    duration: formatDuration(trip.closeTime - trip.openTime),
    profit: trip.profit,
    commission: trip.commission,
    swap: trip.swap,
    status: isFlat(trip) ? 'closed' : 'open',
    is_complete: true,
  };
}

/** Splits one position id's deals (time-ordered) into round trips that have been closed. */
function roundTrips(deals: readonly TradeDeal[]): RoundTrip[] {
  const done: RoundTrip[] = [];
  let trip: RoundTrip | null = null;
  for (const deal of deals) {
    if (deal.entry === 'IN') {
      if (trip === null) trip = startTrip(deal, deal.volume);
      else {
        trip.opened += deal.volume;
        trip.opens.push({ volume: deal.volume, price: deal.price });
      }
      addMoney(trip, deal, false);
      continue;
    }
    if (trip === null) {
      // A closing deal whose opening is outside the data: only a reversal leaves a new trip.
      if (deal.entry === 'INOUT' && deal.volume > 0) trip = startTrip(deal, deal.volume);
      continue;
    }
    const remaining = Math.max(0, trip.opened - trip.closed);
    // A closing deal without a volume closes whatever is still open.
    const closing = deal.entry === 'INOUT' || deal.volume <= 0 ? remaining : deal.volume;
    trip.closed += closing;
    trip.closes.push({ volume: closing, price: deal.price });
    trip.closeTime = deal.time;
    addMoney(trip, deal, true);
    if (deal.entry === 'INOUT' || isFlat(trip)) {
      done.push(trip);
      const reversed = deal.entry === 'INOUT' ? deal.volume - remaining : 0;
      // The reversed trip is the same MT5 position: it keeps the symbol and magic.
      trip =
        reversed > 1e-9
          ? { ...startTrip(deal, reversed), symbol: trip.symbol, magic: trip.magic }
          : null;
    }
  }
  if (trip !== null && trip.closes.length > 0) done.push(trip);
  return done;
}

/**
 * Deals -> positions (spec §3): grouped by position_id, else ticket; only buy/sell deals with an
 * entry count; a deal ticket seen twice counts once; only round trips with both an opening and a
 * closing deal are kept. Sorted by close time.
 */
export function dealsToPositions(deals: readonly Deal[]): ClosedPosition[] {
  const sorted = deals.filter(isTradeDeal).sort(compareDeals);
  const groups = new Map<string, TradeDeal[]>();
  const seenTickets = new Set<string>();
  for (const deal of sorted) {
    const key = deal.position_id ?? deal.ticket;
    if (key === null) continue;
    // Only with a position id is the ticket the deal's own (otherwise it names the position).
    if (deal.position_id !== null && deal.ticket !== null) {
      if (seenTickets.has(deal.ticket)) continue;
      seenTickets.add(deal.ticket);
    }
    const group = groups.get(key);
    if (group) group.push(deal);
    else groups.set(key, [deal]);
  }
  const positions: ClosedPosition[] = [];
  for (const [id, group] of groups) {
    roundTrips(group).forEach((trip, index) => positions.push(toPosition(trip, id, index + 1)));
  }
  return positions.sort(
    (a, b) =>
      a.close_time - b.close_time ||
      a.open_time - b.open_time ||
      compareIds(a.position_id, b.position_id) ||
      a.round_trip - b.round_trip,
  );
}
