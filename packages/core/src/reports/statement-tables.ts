import type { Mt5Order, Mt5Position } from '../bridge/mt5-records.schema.js';
import type { ClosedPosition } from '../trading/position.js';
import { empty, id, level, money, price, text, time, type Cell } from './cells.js';
import { reportMessages as m } from './messages.js';
import type { StatementColumn, StatementDeal, StatementTable } from './statement.types.js';

const c = m.columns;
const col = (label: string, numeric = false): StatementColumn => ({ label, numeric });
const volume = (value: number): Cell => ({ kind: 'number', value, decimals: 2 });
const side = (type: string): Cell =>
  text(type === 'BUY' ? (m.dealTypes[0] ?? '') : (m.dealTypes[1] ?? ''));

export const isTradeDeal = (deal: StatementDeal): boolean => deal.type === 0 || deal.type === 1;

/** What a deal does to the balance; credit (type 3) is lent by the broker and does not. */
export const balanceEffect = (deal: StatementDeal): number =>
  deal.type === 3 ? 0 : deal.profit + deal.commission + deal.swap;

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function positionsTable(positions: readonly ClosedPosition[]): StatementTable {
  return {
    kind: 'table',
    key: 'positions',
    title: m.sections.positions,
    columns: [
      col(c.openTime),
      col(c.position),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.openPrice, true),
      col(c.closeTime),
      col(c.closePrice, true),
      col(c.commission, true),
      col(c.swap, true),
      col(c.profit, true),
    ],
    rows: positions.map((p) => [
      time(p.open_time),
      text(p.position_id),
      text(p.symbol),
      side(p.type),
      volume(p.volume),
      price(p.entry_price),
      time(p.close_time),
      price(p.exit_price),
      money(p.commission),
      money(p.swap),
      money(p.profit),
    ]),
    footer: [
      ...Array<Cell>(8).fill(empty),
      money(sum(positions.map((p) => p.commission))),
      money(sum(positions.map((p) => p.swap))),
      money(sum(positions.map((p) => p.profit))),
    ],
  };
}

interface FilledOrder {
  time: number;
  order: number;
  symbol: string;
  type: number;
  volume: number;
  notional: number;
  comment: string;
}

/** History orders are not stored: each order is rebuilt from the deals that filled it. */
export function ordersTable(deals: readonly StatementDeal[]): StatementTable {
  const orders = new Map<number, FilledOrder>();
  for (const deal of deals) {
    if (!isTradeDeal(deal)) continue;
    const id = deal.order > 0 ? deal.order : deal.ticket;
    const known = orders.get(id);
    if (known) {
      known.volume += deal.volume;
      known.notional += deal.volume * deal.price;
    } else {
      orders.set(id, {
        time: deal.time_msc,
        order: id,
        symbol: deal.symbol,
        type: deal.type,
        volume: deal.volume,
        notional: deal.volume * deal.price,
        comment: deal.comment,
      });
    }
  }
  return {
    kind: 'table',
    key: 'orders',
    title: m.sections.orders,
    columns: [
      col(c.openTime),
      col(c.order),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.price, true),
      col(c.state),
      col(c.comment),
    ],
    rows: [...orders.values()].map((o) => [
      time(o.time),
      id(o.order),
      text(o.symbol),
      text(m.orderTypes[o.type] ?? String(o.type)),
      volume(o.volume),
      o.volume > 0 ? price(o.notional / o.volume) : empty,
      text(m.orderStates.filled),
      text(o.comment),
    ]),
    footer: null,
  };
}

/** Deals in time order with the balance after each, from the balance the period started at. */
export function dealsTable(deals: readonly StatementDeal[], startBalance: number): StatementTable {
  let balance = startBalance;
  const rows = deals.map((deal) => {
    balance += balanceEffect(deal);
    const trade = isTradeDeal(deal);
    return [
      time(deal.time_msc),
      id(deal.ticket),
      text(deal.symbol),
      text(m.dealTypes[deal.type] ?? m.otherDealType),
      text(trade ? (m.entries[deal.entry] ?? '') : ''),
      trade ? volume(deal.volume) : empty,
      trade ? price(deal.price) : empty,
      deal.order > 0 ? id(deal.order) : empty,
      money(deal.commission),
      money(deal.swap),
      money(deal.profit),
      money(balance),
      text(deal.comment),
    ];
  });
  return {
    kind: 'table',
    key: 'deals',
    title: m.sections.deals,
    columns: [
      col(c.time),
      col(c.deal),
      col(c.symbol),
      col(c.type),
      col(c.direction),
      col(c.volume, true),
      col(c.price, true),
      col(c.order, true),
      col(c.commission, true),
      col(c.swap, true),
      col(c.profit, true),
      col(c.balance, true),
      col(c.comment),
    ],
    rows,
    footer: [
      ...Array<Cell>(8).fill(empty),
      money(sum(deals.map((d) => d.commission))),
      money(sum(deals.map((d) => d.swap))),
      money(sum(deals.map((d) => d.profit))),
      money(balance),
      empty,
    ],
  };
}

// Positions carry time_msc; older agents may leave it 0, so the seconds field is the fallback.
const openedAt = (p: Mt5Position): number => (p.time_msc > 0 ? p.time_msc : p.time * 1000);

export function openPositionsTable(positions: readonly Mt5Position[]): StatementTable {
  return {
    kind: 'table',
    key: 'open_positions',
    title: m.sections.openPositions,
    columns: [
      col(c.openTime),
      col(c.position),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.openPrice, true),
      col(c.sl, true),
      col(c.tp, true),
      col(c.marketPrice, true),
      col(c.swap, true),
      col(c.profit, true),
      col(c.comment),
    ],
    rows: [...positions]
      .sort((a, b) => openedAt(a) - openedAt(b))
      .map((p) => [
        time(openedAt(p)),
        id(p.ticket),
        text(p.symbol),
        text(m.dealTypes[p.type] ?? ''),
        volume(p.volume),
        price(p.price_open),
        level(p.sl),
        level(p.tp),
        price(p.price_current),
        money(p.swap),
        money(p.profit),
        text(p.comment),
      ]),
    footer: null,
  };
}

export function workingOrdersTable(orders: readonly Mt5Order[]): StatementTable {
  return {
    kind: 'table',
    key: 'working_orders',
    title: m.sections.workingOrders,
    columns: [
      col(c.openTime),
      col(c.order),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.price, true),
      col(c.sl, true),
      col(c.tp, true),
      col(c.state),
      col(c.comment),
    ],
    rows: [...orders]
      .sort((a, b) => a.time_setup - b.time_setup)
      .map((o) => [
        time(o.time_setup * 1000),
        id(o.order),
        text(o.symbol),
        text(m.orderTypes[o.type] ?? String(o.type)),
        volume(o.volume_initial),
        price(o.price_open),
        level(o.sl),
        level(o.tp),
        text(m.orderStates.placed),
        text(o.comment),
      ]),
    footer: null,
  };
}
