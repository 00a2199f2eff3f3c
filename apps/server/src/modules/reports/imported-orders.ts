import type { ImportedReport, Mt5Deal, Mt5HistoryOrder } from '@vortex/core';
import { reasonOf, safeTicket, wallClockToEpoch } from './imported-deals.js';

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
 * The orders whose type the terminal names; each takes the position and magic of the deals it
 * filled. An order of a type not known is left out (the deals carry the trading itself).
 */
export function importedOrders(
  report: ImportedReport,
  deals: readonly Mt5Deal[],
): Mt5HistoryOrder[] {
  const byOrder = new Map<number, Mt5Deal>();
  for (const d of deals) if (d.order > 0 && !byOrder.has(d.order)) byOrder.set(d.order, d);
  const orders: Mt5HistoryOrder[] = [];
  for (const o of report.orders) {
    const type = ORDER_TYPES[o.type];
    if (type === undefined) continue;
    const ticket = safeTicket(o.ticket);
    const deal = byOrder.get(ticket);
    const magic = deal?.magic ?? 0;
    const filledAll = o.volume_filled >= o.volume_requested;
    orders.push({
      ticket,
      symbol: o.symbol,
      type,
      state: ORDER_STATES[o.state] ?? (filledAll ? 4 : 2),
      volume_initial: o.volume_requested,
      volume_current: Math.max(0, o.volume_requested - o.volume_filled),
      price_open: o.price ?? 0,
      sl: o.sl ?? 0,
      tp: o.tp ?? 0,
      price_current: deal?.price ?? o.price ?? 0,
      time_setup_msc: wallClockToEpoch(o.open_time),
      time_done_msc: o.done_time === null ? 0 : wallClockToEpoch(o.done_time),
      magic,
      comment: o.comment,
      position_id: deal?.position_id ?? 0,
      reason: reasonOf(o.comment, magic),
    });
  }
  return orders;
}
