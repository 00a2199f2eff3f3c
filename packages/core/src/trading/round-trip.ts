import { formatDuration } from '../format/duration.js';
import type { Deal, DealEntry, DealSide } from './deal.schema.js';
import { dealReasonName } from './deal-reason.js';
import type { ClosedPosition } from './position.js';

export type TradeDeal = Deal & { type: DealSide; entry: DealEntry };

interface Leg {
  volume: number;
  price: number;
}

/** One round trip of a position id being rebuilt: from an opening to the deal that flattens it. */
export interface RoundTrip {
  /** 1 for the first round trip of its id; a netting reversal (INOUT) starts the next. */
  number: number;
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
  /** DEAL_FEE of its deals; absent in the watermarks written before fees counted (0). */
  fee?: number;
  swap: number;
  /** The reason of the latest closing deal. */
  exitReason: string;
  /**
   * Its opening volume is not in the history (see beforeHistory): `opened` is taken as the
   * known openings plus whatever the closing deals closed beyond them, as if each close left it
   * flat; so flatness does not end it, only an INOUT does.
   */
  inferred?: boolean;
  /**
   * Opened by an INOUT that closed an inferred trip: that trip, whose share of the INOUT
   * (`volume` minus what this trip turns out to hold) is known only from this trip's closes.
   */
  reversedFrom?: { trip: RoundTrip; volume: number; price: number };
}

export function isTradeDeal(deal: Deal): deal is TradeDeal {
  return deal.type !== null && deal.entry !== null;
}

function startTrip(deal: TradeDeal, volume: number, number: number): RoundTrip {
  return {
    number,
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
    fee: 0,
    swap: 0,
    exitReason: 'UNKNOWN',
  };
}

// Money of a deal is booked once: an INOUT deal's belongs to the trip it closes.
function addMoney(trip: RoundTrip, deal: TradeDeal, isClosing: boolean): void {
  if (isClosing) trip.profit += deal.profit;
  trip.commission += deal.commission;
  trip.fee = (trip.fee ?? 0) + (deal.fee ?? 0);
  trip.swap += deal.swap;
  if (trip.symbol === '') trip.symbol = deal.symbol;
  if (trip.magic === 0) trip.magic = deal.magic;
}

/**
 * Round trip 0 of an id whose first deal closes: its position was opened before the history
 * starts (MT5 gives a closing deal no trace of the volume or price it closes).
 */
function beforeHistory(deal: TradeDeal): RoundTrip {
  const trip = startTrip(deal, 0, 0);
  return { ...trip, side: deal.type === 'BUY' ? 'SELL' : 'BUY', opens: [], inferred: true };
}

// An inferred trip holds at least what it closed: the unknown part of its opening grows to it.
function coverCloses(trip: RoundTrip): void {
  const missing = trip.closed - trip.opened;
  if (missing <= 0) return;
  trip.opened += missing;
  // A reversed trip's first leg is the INOUT's opening share; round trip 0 has no such leg.
  const first = trip.number > 0 ? trip.opens[0] : undefined;
  if (first) first.volume += missing;
}

/** The trip an INOUT closed, settled with its share of the INOUT as `next` now tells it. */
function settled(next: RoundTrip): RoundTrip | null {
  const from = next.reversedFrom;
  if (!from) return null;
  const share = Math.max(0, from.volume - (next.opens[0]?.volume ?? 0));
  // A copy: the trip in waiting is settled again, differently, as `next` closes more.
  const trip = {
    ...from.trip,
    opens: from.trip.opens.map((leg) => ({ ...leg })),
    closes: [...from.trip.closes, { volume: share, price: from.price }],
  };
  trip.closed += share;
  coverCloses(trip);
  return trip;
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

export function toPosition(trip: RoundTrip, id: string): ClosedPosition {
  return {
    position_id: id,
    round_trip: trip.number,
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
    // Present only when some deal had one: positions without fees read as they always did.
    ...(trip.fee ? { fee: trip.fee } : {}),
    swap: trip.swap,
    exit_reason: trip.exitReason,
    status: isFlat(trip) ? 'closed' : 'open',
    is_complete: true,
  };
}

/** What a round trip still in progress shows: the trip its INOUT closed, and itself once closing. */
export function inProgressPositions(trip: RoundTrip, id: string): ClosedPosition[] {
  const closed = settled(trip);
  const shown = closed ? [toPosition(closed, id)] : [];
  if (trip.closes.length > 0) shown.push(toPosition(trip, id));
  return shown;
}

// A close of an inferred trip: an INOUT's split is unknown, so the trip waits in the next one.
function stepInferred(
  trip: RoundTrip,
  deal: TradeDeal,
  finished: (trip: RoundTrip) => void,
): RoundTrip {
  trip.closeTime = deal.time;
  trip.exitReason = dealReasonName(deal.reason);
  addMoney(trip, deal, true);
  if (deal.entry !== 'INOUT') {
    trip.closed += deal.volume;
    trip.closes.push({ volume: deal.volume, price: deal.price });
    coverCloses(trip);
    return trip;
  }
  const before = settled(trip);
  if (before) finished(before);
  const { reversedFrom: _, ...closing } = trip;
  return {
    ...startTrip(deal, 0, trip.number + 1),
    symbol: trip.symbol,
    magic: trip.magic,
    inferred: true,
    reversedFrom: { trip: closing, volume: deal.volume, price: deal.price },
  };
}

/**
 * Feeds one deal of a position id (in time order) to its round trip in progress, or to none:
 * `tripsBefore` is how many round trips the id has finished. Each trip the deal finishes goes
 * to `finished`; the return value is the trip still in progress, if any.
 */
export function stepTrip(
  trip: RoundTrip | null,
  tripsBefore: number,
  deal: TradeDeal,
  finished: (trip: RoundTrip) => void,
): RoundTrip | null {
  if (deal.entry === 'IN') {
    if (trip === null) trip = startTrip(deal, deal.volume, tripsBefore + 1);
    else {
      trip.opened += deal.volume;
      trip.opens.push({ volume: deal.volume, price: deal.price });
    }
    addMoney(trip, deal, false);
    return trip;
  }
  if (trip === null) {
    if (tripsBefore === 0) return stepInferred(beforeHistory(deal), deal, finished);
    // A closing deal after its id went flat (no MT5 history does that): only a reversal counts.
    return deal.entry === 'INOUT' && deal.volume > 0
      ? startTrip(deal, deal.volume, tripsBefore + 1)
      : null;
  }
  if (trip.inferred) return stepInferred(trip, deal, finished);
  const remaining = Math.max(0, trip.opened - trip.closed);
  // A closing deal without a volume closes whatever is still open.
  const closing = deal.entry === 'INOUT' || deal.volume <= 0 ? remaining : deal.volume;
  trip.closed += closing;
  trip.closes.push({ volume: closing, price: deal.price });
  trip.closeTime = deal.time;
  trip.exitReason = dealReasonName(deal.reason);
  addMoney(trip, deal, true);
  if (deal.entry !== 'INOUT' && !isFlat(trip)) return trip;
  finished(trip);
  const reversed = deal.entry === 'INOUT' ? deal.volume - remaining : 0;
  if (reversed <= 1e-9) return null;
  // The reversed trip is the same MT5 position: it keeps the symbol and magic.
  return { ...startTrip(deal, reversed, trip.number + 1), symbol: trip.symbol, magic: trip.magic };
}
