import { roundCents } from './money.js';
import { DEAL_ENTRY, type DealEntryCode, type Side } from './retcodes.js';

/** The mutable record of one netting position; `ticket` is the id of the order that opened it. */
export interface Position {
  ticket: number;
  symbol: string;
  type: Side;
  volume: number;
  price_open: number;
  sl: number;
  tp: number;
  magic: number;
  comment: string;
  time_msc: number;
  time_update_msc: number;
}

/** An execution against the book. `sl`/`tp` 0 mean "not given". */
export interface Fill {
  readonly order: number;
  readonly symbol: string;
  readonly side: Side;
  readonly volume: number;
  readonly price: number;
  readonly sl: number;
  readonly tp: number;
  readonly magic: number;
  readonly comment: string;
  readonly time_msc: number;
}

export interface NettingOutcome {
  readonly entry: DealEntryCode;
  /** Id of the position the deal belongs to (kept through reductions and reversals). */
  readonly positionId: number;
  readonly closedVolume: number;
  /** BRL result of the closed volume, rounded to cents. */
  readonly profit: number;
  /** The position after the fill; null when it closed. */
  readonly position: Position | null;
}

/** BRL result of closing `volume` of a position at `price`: points × point value × volume. */
export function closingProfit(
  position: Pick<Position, 'type' | 'price_open'>,
  price: number,
  volume: number,
  pointValue: number,
): number {
  const points = position.type === 0 ? price - position.price_open : position.price_open - price;
  return roundCents(points * pointValue * volume);
}

/** The price a position would close at now: longs sell at the bid, shorts buy at the ask. */
export function closingPrice(position: Pick<Position, 'type'>, bid: number, ask: number): number {
  return position.type === 0 ? bid : ask;
}

function opened(fill: Fill, ticket: number, volume: number): Position {
  return {
    ticket,
    symbol: fill.symbol,
    type: fill.side,
    volume,
    price_open: fill.price,
    sl: fill.sl,
    tp: fill.tp,
    magic: fill.magic,
    comment: fill.comment,
    time_msc: fill.time_msc,
    time_update_msc: fill.time_msc,
  };
}

/**
 * B3 netting: one position per symbol. A same-side fill adds at the volume-weighted average
 * price; an opposite fill reduces, closes or reverses it. A reversal is one INOUT deal and the
 * position keeps its id. New SL/TP given with a fill replace the position's; a reversal drops
 * the old ones (they sit on the wrong side of the new position).
 */
export function applyFill(
  position: Position | null,
  fill: Fill,
  pointValue: number,
): NettingOutcome {
  if (!position) {
    const fresh = opened(fill, fill.order, fill.volume);
    return {
      entry: DEAL_ENTRY.IN,
      positionId: fresh.ticket,
      closedVolume: 0,
      profit: 0,
      position: fresh,
    };
  }
  const next = { ...position, time_update_msc: fill.time_msc };
  if (fill.side === position.type) {
    next.volume = position.volume + fill.volume;
    next.price_open =
      (position.price_open * position.volume + fill.price * fill.volume) / next.volume;
    if (fill.sl !== 0) next.sl = fill.sl;
    if (fill.tp !== 0) next.tp = fill.tp;
    return {
      entry: DEAL_ENTRY.IN,
      positionId: position.ticket,
      closedVolume: 0,
      profit: 0,
      position: next,
    };
  }
  const closedVolume = Math.min(position.volume, fill.volume);
  const profit = closingProfit(position, fill.price, closedVolume, pointValue);
  const base = { positionId: position.ticket, closedVolume, profit };
  if (fill.volume < position.volume) {
    next.volume = position.volume - fill.volume;
    return { ...base, entry: DEAL_ENTRY.OUT, position: next };
  }
  if (fill.volume === position.volume) return { ...base, entry: DEAL_ENTRY.OUT, position: null };
  const reversed = opened(fill, position.ticket, fill.volume - position.volume);
  return { ...base, entry: DEAL_ENTRY.INOUT, position: reversed };
}
