import { isOnTick } from '@vortex/core';
import { ORDER_TYPE, RETCODE, type OrderTypeCode, type Retcode, type Side } from './retcodes.js';

/** The mutable record of a pending order. */
export interface PendingOrder {
  ticket: number;
  symbol: string;
  type: OrderTypeCode;
  volume: number;
  price: number;
  sl: number;
  tp: number;
  magic: number;
  comment: string;
  expert: boolean;
  time_setup_msc: number;
}

export interface Quote {
  readonly bid: number;
  readonly ask: number;
}

/** BUY, BUY_LIMIT and BUY_STOP buy; the others sell. */
export function sideOf(type: OrderTypeCode): Side {
  return type % 2 === 0 ? 0 : 1;
}

export function opposite(side: Side): Side {
  return side === 0 ? 1 : 0;
}

export function isPending(type: OrderTypeCode): boolean {
  return type >= ORDER_TYPE.BUY_LIMIT;
}

/**
 * SL below and TP above the reference price for a buy, the other way round for a sell; 0 is
 * "none". The reference is the order price for pending orders and the closing side of the
 * quote for market orders and positions (a long's stops trigger on the bid).
 */
export function checkStops(
  side: Side,
  reference: number,
  sl: number,
  tp: number,
  tickSize: number,
): Retcode | null {
  for (const level of [sl, tp]) {
    if (!Number.isFinite(level) || level < 0 || !isOnTick(level, tickSize)) {
      return RETCODE.INVALID_STOPS;
    }
  }
  const slOk = sl === 0 || (side === 0 ? sl < reference : sl > reference);
  const tpOk = tp === 0 || (side === 0 ? tp > reference : tp < reference);
  return slOk && tpOk ? null : RETCODE.INVALID_STOPS;
}

/** Limits sit on the better side of the market, stops beyond it; either would fill at once otherwise. */
export function checkPendingPrice(
  type: OrderTypeCode,
  price: number,
  quote: Quote,
  tickSize: number,
): Retcode | null {
  if (!Number.isFinite(price) || price <= 0 || !isOnTick(price, tickSize)) {
    return RETCODE.INVALID_PRICE;
  }
  const ok =
    (type === ORDER_TYPE.BUY_LIMIT && price < quote.ask) ||
    (type === ORDER_TYPE.SELL_LIMIT && price > quote.bid) ||
    (type === ORDER_TYPE.BUY_STOP && price > quote.ask) ||
    (type === ORDER_TYPE.SELL_STOP && price < quote.bid);
  return ok ? null : RETCODE.INVALID_PRICE;
}

/** Whether a tick reaches a pending order; it then fills at the tick's bid or ask. */
export function isTriggered(order: PendingOrder, quote: Quote): boolean {
  switch (order.type) {
    case ORDER_TYPE.BUY_LIMIT:
      return quote.ask <= order.price;
    case ORDER_TYPE.SELL_LIMIT:
      return quote.bid >= order.price;
    case ORDER_TYPE.BUY_STOP:
      return quote.ask >= order.price;
    case ORDER_TYPE.SELL_STOP:
      return quote.bid <= order.price;
    default:
      return false;
  }
}

/** Pending orders by ticket, in placing order (which is also the order they trigger in). */
export class OrderBook {
  private readonly orders = new Map<number, PendingOrder>();

  get size(): number {
    return this.orders.size;
  }

  add(order: PendingOrder): void {
    this.orders.set(order.ticket, order);
  }

  get(ticket: number): PendingOrder | undefined {
    return this.orders.get(ticket);
  }

  remove(ticket: number): boolean {
    return this.orders.delete(ticket);
  }

  list(): PendingOrder[] {
    return [...this.orders.values()];
  }

  /** Orders this quote reaches, oldest first. */
  triggered(quote: Quote): PendingOrder[] {
    const hits: PendingOrder[] = [];
    for (const order of this.orders.values()) if (isTriggered(order, quote)) hits.push(order);
    return hits;
  }
}
