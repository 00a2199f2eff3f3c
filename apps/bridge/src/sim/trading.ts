import { type InstrumentSpec, type Tick } from '@vortex/core';
import type { Account } from './account.js';
import {
  checkPendingPrice,
  checkStops,
  isPending,
  opposite,
  sideOf,
  type OrderBook,
  type PendingOrder,
} from './orders.js';
import { closingPrice, type Position } from './positions.js';
import {
  DEAL_REASON,
  ORDER_STATE,
  orderTypeCode,
  RETCODE,
  RETCODE_MESSAGES,
  type DealReason,
  type OrderTypeCode,
  type Retcode,
  type Side,
} from './retcodes.js';
import type { OrderRequest, SimDeal, TradeResult } from './types.js';

/** What a trade request sees of the simulator. */
export interface TradeContext {
  readonly spec: InstrumentSpec;
  readonly account: Account;
  readonly book: OrderBook;
  readonly now: number;
  readonly isOpen: boolean;
  /** The last tick of the current session; null before its first tick or while closed. */
  readonly quote: Tick | null;
}

export interface StopsChange {
  readonly sl?: number;
  readonly tp?: number;
}

export interface OrderChange extends StopsChange {
  readonly price?: number;
}

export interface CloseOptions {
  /** Contracts to close; the whole position when absent. */
  readonly volume?: number;
  readonly magic?: number;
  readonly comment?: string;
  readonly source?: 'client' | 'expert';
}

interface Outcome {
  readonly order?: number;
  readonly deal?: SimDeal;
  readonly volume?: number;
}

function result(ctx: TradeContext, retcode: Retcode, outcome: Outcome = {}): TradeResult {
  return {
    retcode,
    comment: RETCODE_MESSAGES[retcode],
    order: outcome.order ?? 0,
    deal: outcome.deal?.ticket ?? 0,
    volume: outcome.deal?.volume ?? outcome.volume ?? 0,
    price: outcome.deal?.price ?? 0,
    bid: ctx.quote?.bid ?? 0,
    ask: ctx.quote?.ask ?? 0,
  };
}

function reasonOf(source: 'client' | 'expert' | undefined, magic: number): DealReason {
  const expert = source === undefined ? magic !== 0 : source === 'expert';
  return expert ? DEAL_REASON.EXPERT : DEAL_REASON.CLIENT;
}

function volumeError(spec: InstrumentSpec, volume: number, max = spec.volumeMax): Retcode | null {
  const steps = (volume - spec.volumeMin) / spec.volumeStep;
  const ok = Number.isFinite(volume) && volume >= spec.volumeMin && volume <= max;
  return ok && Math.abs(steps - Math.round(steps)) < 1e-9 ? null : RETCODE.INVALID_VOLUME;
}

// The quote to trade at, or why there is none: B3 prints no price before the opening trade.
function tradableQuote(ctx: TradeContext): Tick | Retcode {
  if (!ctx.isOpen) return RETCODE.MARKET_CLOSED;
  return ctx.quote ?? RETCODE.PRICE_OFF;
}

function lacksMargin(ctx: TradeContext, side: Side, volume: number, target?: Position): boolean {
  const delta = ctx.account.marginDelta(ctx.spec.symbol, side, volume, target);
  return delta > 0 && delta > ctx.account.equity(ctx.quote) - ctx.account.margin();
}

export type FillContext = Pick<TradeContext, 'spec' | 'account' | 'now'>;

/** A pending order that triggered: its type, price and when it was placed, for its history. */
interface Placed {
  type?: OrderTypeCode;
  price?: number;
  time_setup_msc?: number;
}

/**
 * Fills at the tick's bid or ask, books the deal and writes the order to the history; used by
 * requests and by the tick loop. An order that reduces the position records the S / L and T / P
 * the position had then (the levels the terminal shows for a closed position). On a hedging
 * account `target` is the position the order closes; without it the order opens its own.
 */
export function fillAtMarket(
  ctx: FillContext,
  quote: Tick,
  order: { ticket: number; side: Side; volume: number; sl: number; tp: number } & Placed,
  meta: { magic: number; comment: string; reason: DealReason },
  target?: Position,
): SimDeal {
  // A close without levels of its own (the server's, or a client's) records the position's.
  const held = ctx.account.hedging ? target : ctx.account.position(ctx.spec.symbol);
  const closing = held && held.type !== order.side && order.sl === 0 && order.tp === 0;
  const levels = closing ? { sl: held.sl, tp: held.tp } : order;
  const deal = ctx.account.execute(
    {
      order: order.ticket,
      symbol: ctx.spec.symbol,
      side: order.side,
      volume: order.volume,
      price: order.side === 0 ? quote.ask : quote.bid,
      sl: order.sl,
      tp: order.tp,
      magic: meta.magic,
      comment: meta.comment,
      time_msc: ctx.now,
    },
    meta.reason,
    target,
  );
  ctx.account.recordOrder({
    ticket: order.ticket,
    symbol: ctx.spec.symbol,
    type: order.type ?? order.side,
    state: ORDER_STATE.FILLED,
    volume_initial: order.volume,
    volume_current: 0,
    price_open: order.type === undefined ? 0 : (order.price ?? 0),
    sl: levels.sl,
    tp: levels.tp,
    price_current: deal.price,
    time_setup_msc: order.time_setup_msc ?? ctx.now,
    time_done_msc: ctx.now,
    magic: meta.magic,
    comment: meta.comment,
    position_id: deal.position_id,
    reason: meta.reason,
  });
  return deal;
}

/** A pending order that left the book without trading: canceled, or rejected when triggered. */
export function recordUnfilled(
  ctx: FillContext,
  order: PendingOrder,
  state: typeof ORDER_STATE.CANCELED | typeof ORDER_STATE.REJECTED,
): void {
  ctx.account.recordOrder({
    ticket: order.ticket,
    symbol: order.symbol,
    type: order.type,
    state,
    volume_initial: order.volume,
    volume_current: order.volume,
    price_open: order.price,
    sl: order.sl,
    tp: order.tp,
    price_current: 0,
    time_setup_msc: order.time_setup_msc,
    time_done_msc: ctx.now,
    magic: order.magic,
    comment: order.comment,
    position_id: 0,
    reason: order.expert ? DEAL_REASON.EXPERT : DEAL_REASON.CLIENT,
  });
}

export function placeOrder(ctx: TradeContext, req: OrderRequest): TradeResult {
  const type = orderTypeCode(req.type);
  if (type === undefined || (req.symbol ?? ctx.spec.symbol) !== ctx.spec.symbol) {
    return result(ctx, RETCODE.INVALID);
  }
  const quote = tradableQuote(ctx);
  if (typeof quote === 'number') return result(ctx, quote);
  const invalidVolume = volumeError(ctx.spec, req.volume);
  if (invalidVolume !== null) return result(ctx, invalidVolume);
  const side = sideOf(type);
  const [sl, tp, magic, comment] = [req.sl ?? 0, req.tp ?? 0, req.magic ?? 0, req.comment ?? ''];
  const price = req.price ?? 0;
  if (isPending(type)) {
    const invalidPrice = checkPendingPrice(type, price, quote, ctx.spec.tickSize);
    if (invalidPrice !== null) return result(ctx, invalidPrice);
  }
  const reference = isPending(type) ? price : side === 0 ? quote.bid : quote.ask;
  const invalidStops = checkStops(side, reference, sl, tp, ctx.spec.tickSize);
  if (invalidStops !== null) return result(ctx, invalidStops);
  if (lacksMargin(ctx, side, req.volume)) return result(ctx, RETCODE.NO_MONEY);
  const ticket = ctx.account.nextOrderTicket();
  const reason = reasonOf(req.source, magic);
  if (isPending(type)) {
    const expert = reason === DEAL_REASON.EXPERT;
    const order: PendingOrder = {
      ticket,
      symbol: ctx.spec.symbol,
      type,
      volume: req.volume,
      price,
      sl,
      tp,
      magic,
      comment,
      expert,
      time_setup_msc: ctx.now,
    };
    ctx.book.add(order);
    return result(ctx, RETCODE.DONE, { order: ticket, volume: req.volume });
  }
  const order = { ticket, side, volume: req.volume, sl, tp };
  const deal = fillAtMarket(ctx, quote, order, { magic, comment, reason });
  return result(ctx, RETCODE.DONE, { order: ticket, deal });
}

export function modifyOrder(ctx: TradeContext, ticket: number, change: OrderChange): TradeResult {
  const order = ctx.book.get(ticket);
  if (!order) return result(ctx, RETCODE.INVALID);
  const quote = tradableQuote(ctx);
  if (typeof quote === 'number') return result(ctx, quote);
  const [price, sl, tp] = [
    change.price ?? order.price,
    change.sl ?? order.sl,
    change.tp ?? order.tp,
  ];
  const invalid =
    checkPendingPrice(order.type, price, quote, ctx.spec.tickSize) ??
    checkStops(sideOf(order.type), price, sl, tp, ctx.spec.tickSize);
  if (invalid !== null) return result(ctx, invalid);
  Object.assign(order, { price, sl, tp });
  return result(ctx, RETCODE.DONE, { order: ticket, volume: order.volume });
}

export function cancelOrder(ctx: TradeContext, ticket: number): TradeResult {
  const order = ctx.book.get(ticket);
  if (!order) return result(ctx, RETCODE.INVALID);
  if (!ctx.isOpen) return result(ctx, RETCODE.MARKET_CLOSED);
  ctx.book.remove(ticket);
  recordUnfilled(ctx, order, ORDER_STATE.CANCELED);
  return result(ctx, RETCODE.DONE, { order: ticket, volume: order.volume });
}

export function modifyPosition(
  ctx: TradeContext,
  ticket: number,
  change: StopsChange,
): TradeResult {
  const position = ctx.account.positionByTicket(ticket);
  if (!position) return result(ctx, RETCODE.INVALID);
  const quote = tradableQuote(ctx);
  if (typeof quote === 'number') return result(ctx, quote);
  const [sl, tp] = [change.sl ?? position.sl, change.tp ?? position.tp];
  const reference = closingPrice(position, quote.bid, quote.ask);
  const invalid = checkStops(position.type, reference, sl, tp, ctx.spec.tickSize);
  if (invalid !== null) return result(ctx, invalid);
  ctx.account.setStops(position, sl, tp, ctx.now);
  return result(ctx, RETCODE.DONE);
}

export function closePosition(
  ctx: TradeContext,
  ticket: number,
  options: CloseOptions = {},
): TradeResult {
  const position = ctx.account.positionByTicket(ticket);
  if (!position) return result(ctx, RETCODE.INVALID);
  const quote = tradableQuote(ctx);
  if (typeof quote === 'number') return result(ctx, quote);
  const volume = options.volume ?? position.volume;
  const invalidVolume = volumeError(ctx.spec, volume, position.volume);
  if (invalidVolume !== null) return result(ctx, invalidVolume);
  // A close never needs margin; on a hedging account it names the position it closes.
  const target = ctx.account.hedging ? position : undefined;
  const magic = options.magic ?? position.magic;
  const order = {
    ticket: ctx.account.nextOrderTicket(),
    side: opposite(position.type),
    volume,
    sl: 0,
    tp: 0,
  };
  const meta = { magic, comment: options.comment ?? '', reason: reasonOf(options.source, magic) };
  const deal = fillAtMarket(ctx, quote, order, meta, target);
  return result(ctx, RETCODE.DONE, { order: order.ticket, deal });
}
