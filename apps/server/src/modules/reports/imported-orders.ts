import type { ImportedOrder, ImportedReport, Mt5Deal, Mt5HistoryOrder } from '@vortex/core';
import { commentReason, safeTicket, wallClockToEpoch } from './imported-deals.js';

// The report's Orders section as the agent sends history orders (migration 0027's table).

// MT5 ENUM_ORDER_TYPE and ENUM_ORDER_STATE by the words the terminal writes.
const ORDER_TYPES: Record<string, number> = {
  buy: 0,
  sell: 1,
  'buy limit': 2,
  'sell limit': 3,
  'buy stop': 4,
  'sell stop': 5,
  'buy stop limit': 6,
  'sell stop limit': 7,
  'close by': 8,
};
const ORDER_STATES: Record<string, number> = {
  started: 0,
  placed: 1,
  canceled: 2,
  cancelled: 2,
  partial: 3,
  filled: 4,
  rejected: 5,
  expired: 6,
};

/**
 * An order of the report as stored, but for what the deals it filled give it (price_current,
 * position, magic and a reason the comment does not name): null for an order of a type not
 * known (the deals carry the trading itself).
 */
export interface OrderOwnPart {
  ticket: number;
  symbol: string;
  type: number;
  state: number;
  volume_initial: number;
  volume_current: number;
  /** The order's own price; null for a market order, whose deal's price is its current one. */
  price: number | null;
  sl: number;
  tp: number;
  time_setup_msc: number;
  time_done_msc: number;
  comment: string;
  /** The reason its comment names ('[sl …]'), else null: the magic decides (reasonOf). */
  comment_reason: number | null;
}

export function orderOwnPart(o: ImportedOrder): OrderOwnPart | null {
  const type = ORDER_TYPES[o.type];
  if (type === undefined) return null;
  const filledAll = o.volume_filled >= o.volume_requested;
  return {
    ticket: safeTicket(o.ticket),
    symbol: o.symbol,
    type,
    state: ORDER_STATES[o.state] ?? (filledAll ? 4 : 2),
    volume_initial: o.volume_requested,
    volume_current: Math.max(0, o.volume_requested - o.volume_filled),
    price: o.price,
    sl: o.sl ?? 0,
    tp: o.tp ?? 0,
    time_setup_msc: wallClockToEpoch(o.open_time),
    time_done_msc: o.done_time === null ? 0 : wallClockToEpoch(o.done_time),
    comment: o.comment,
    comment_reason: commentReason(o.comment),
  };
}

/**
 * The orders whose type the terminal names; each takes the position and magic of the first deal
 * it filled (the import does the same in SQL: report-import.repo.ts).
 */
export function importedOrders(
  report: ImportedReport,
  deals: readonly Mt5Deal[],
): Mt5HistoryOrder[] {
  const byOrder = new Map<number, Mt5Deal>();
  for (const d of deals) if (d.order > 0 && !byOrder.has(d.order)) byOrder.set(d.order, d);
  const orders: Mt5HistoryOrder[] = [];
  for (const o of report.orders) {
    const own = orderOwnPart(o);
    if (own === null) continue;
    const { price, comment_reason, ...rest } = own;
    const deal = byOrder.get(own.ticket);
    const magic = deal?.magic ?? 0;
    orders.push({
      ...rest,
      price_open: price ?? 0,
      price_current: deal?.price ?? price ?? 0,
      magic,
      position_id: deal?.position_id ?? 0,
      reason: comment_reason ?? (magic > 0 ? 3 : 0),
    });
  }
  return orders;
}
