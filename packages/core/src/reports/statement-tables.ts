import type { Mt5Order, Mt5Position } from '../bridge/mt5-records.schema.js';
import type { ClosedPosition } from '../trading/position.js';
import { empty, id, level, money, price, text, time, volume, type Cell } from './cells.js';
import { mt5Values as v, type StatementLabels } from './messages.js';
import type { StatementColumn, StatementDeal, StatementTable } from './statement.types.js';

type Columns = StatementLabels['columns'];
/** A symbol's SYMBOL_DIGITS, when the agent reported them. */
export type DigitsOf = (symbol: string) => number | undefined;
const noDigits: DigitsOf = () => undefined;
/** A closed position's last S / L and T / P, when known. */
export type PositionLevels = (p: ClosedPosition) => { sl: number; tp: number } | undefined;
const noLevels: PositionLevels = () => undefined;
const col = (label: string, numeric = false, span?: number): StatementColumn => ({
  label,
  numeric,
  ...(span === undefined ? {} : { span }),
});
const hiddenCol = (label: string, span?: number): StatementColumn => ({
  ...col(label, false, span),
  hidden: true,
});
const side = (type: string): Cell => text(type === 'BUY' ? 'buy' : 'sell');

export const isTradeDeal = (deal: StatementDeal): boolean => deal.type === 0 || deal.type === 1;

/** What a deal does to the balance; credit (type 3) is lent by the broker and does not. */
export const balanceEffect = (deal: StatementDeal): number =>
  deal.type === 3 ? 0 : deal.profit + deal.commission + (deal.fee ?? 0) + deal.swap;

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * MT5's Positions: a hidden td (colspan 8) after Type carries the magic number, which
 * third-party readers of the report take as the EA's id. S / L and T / P are the position's
 * last levels (from its history orders); blank when unknown, as for a position without them.
 */
export const positionColumns = (c: Columns): StatementColumn[] => [
  col(c.time),
  col(c.position),
  col(c.symbol),
  col(c.type),
  hiddenCol('', 8),
  col(c.volume, true),
  col(c.price, true),
  col(c.sl, true),
  col(c.tp, true),
  col(c.time),
  col(c.price, true),
  col(c.commission, true),
  col(c.swap, true),
  col(c.profit, true, 2),
];

export function positionRow(
  p: ClosedPosition,
  digits: DigitsOf = noDigits,
  levels: PositionLevels = noLevels,
): Cell[] {
  const d = digits(p.symbol);
  const known = levels(p);
  return [
    time(p.open_time),
    text(p.position_id),
    text(p.symbol),
    side(p.type),
    p.magic > 0 ? id(p.magic) : empty,
    volume(p.volume),
    price(p.entry_price, d),
    known ? level(known.sl, d) : empty,
    known ? level(known.tp, d) : empty,
    time(p.close_time),
    price(p.exit_price, d),
    money(p.commission),
    money(p.swap),
    money(p.profit),
  ];
}

export function positionsTable(
  positions: readonly ClosedPosition[],
  c: Columns,
  digits: DigitsOf = noDigits,
  levels: PositionLevels = noLevels,
): StatementTable {
  return {
    kind: 'table',
    key: 'positions',
    title: '',
    columns: positionColumns(c),
    rows: positions.map((p) => positionRow(p, digits, levels)),
    footer: null,
  };
}

/** An order rebuilt from the deals that filled it (an agent that never sent history orders). */
export interface FilledOrder {
  time: number;
  done: number;
  order: number;
  symbol: string;
  type: number;
  volume: number;
  comment: string;
}

/** The key a deal's rebuilt order goes by: its order ticket, else its own. */
export const filledOrderKey = (deal: StatementDeal): number =>
  deal.order > 0 ? deal.order : deal.ticket;

/** Adds a trade deal (in time order) to the order it fills: `known`, or a new one. */
export function fillOrder(known: FilledOrder | undefined, deal: StatementDeal): FilledOrder {
  if (known) {
    known.volume += deal.volume;
    known.done = deal.time_msc;
    return known;
  }
  return {
    time: deal.time_msc,
    done: deal.time_msc,
    order: filledOrderKey(deal),
    symbol: deal.symbol,
    type: deal.type,
    volume: deal.volume,
    comment: deal.comment,
  };
}

export function filledOrderRow(o: FilledOrder): Cell[] {
  return [
    time(o.time),
    id(o.order),
    text(o.symbol),
    text(v.orderTypes[o.type] ?? String(o.type)),
    // filled / requested, as '1 / 1'
    text(`${formatLots(o.volume)} / ${formatLots(o.volume)}`),
    text(v.market),
    empty,
    empty,
    time(o.done),
    text(v.orderStates.filled),
    text(o.comment),
  ];
}

/** The Orders section's columns, whichever source its rows come from. */
export const orderColumns = (c: Columns): StatementColumn[] => [
  col(c.openTime),
  col(c.order),
  col(c.symbol),
  col(c.type),
  col(c.volume, true),
  col(c.price, true),
  col(c.sl, true),
  col(c.tp, true),
  col(c.time),
  col(c.state, false, 2),
  col(c.comment, false, 3),
];

/**
 * For accounts whose agent never reported history orders (an older agent): each order is rebuilt
 * from the deals that filled it, as a filled market order ('market' price, no S / L or T / P
 * known, done at its last deal). Accounts with history orders get statement-orders.ts instead.
 */
export function ordersTable(deals: readonly StatementDeal[], c: Columns): StatementTable {
  const orders = new Map<number, FilledOrder>();
  for (const deal of deals) {
    if (!isTradeDeal(deal)) continue;
    const key = filledOrderKey(deal);
    orders.set(key, fillOrder(orders.get(key), deal));
  }
  return {
    kind: 'table',
    key: 'orders',
    title: '',
    columns: orderColumns(c),
    rows: [...orders.values()].map(filledOrderRow),
    footer: null,
  };
}

export const formatLots = (value: number): string => String(Number(value.toFixed(8)));

export const dealColumns = (c: Columns): StatementColumn[] => [
  col(c.time),
  col(c.deal),
  col(c.symbol),
  col(c.type),
  col(c.direction),
  col(c.volume, true),
  col(c.price, true),
  col(c.order, true),
  hiddenCol(c.cost),
  col(c.commission, true),
  col(c.fee, true),
  col(c.swap, true),
  col(c.profit, true),
  col(c.balance, true),
  col(c.comment),
];

/**
 * The Deals section's rows in time order, one deal at a time: the balance after each, from the
 * balance the period started at, and the totals under them.
 */
export class DealRows {
  private balance: number;
  private commission = 0;
  private fee = 0;
  private swap = 0;
  private profit = 0;

  constructor(
    startBalance: number,
    private readonly digits: DigitsOf = noDigits,
  ) {
    this.balance = startBalance;
  }

  row(deal: StatementDeal): Cell[] {
    this.balance += balanceEffect(deal);
    this.commission += deal.commission;
    this.fee += deal.fee ?? 0;
    this.swap += deal.swap;
    this.profit += deal.profit;
    const trade = isTradeDeal(deal);
    return [
      time(deal.time_msc),
      id(deal.ticket),
      text(trade ? deal.symbol : ''),
      text(v.dealTypes[deal.type] ?? v.otherDealType),
      text(trade ? (v.entries[deal.entry] ?? '') : ''),
      trade ? volume(deal.volume) : empty,
      trade ? price(deal.price, this.digits(deal.symbol)) : empty,
      // a balance operation has no order in the terminal's report
      trade && deal.order > 0 ? id(deal.order) : empty,
      empty,
      money(deal.commission),
      money(deal.fee ?? 0),
      money(deal.swap),
      money(deal.profit),
      money(this.balance),
      text(deal.comment),
    ];
  }

  /** The totals of the rows so far and the balance after the last. */
  footer(): NonNullable<StatementTable['footer']> {
    return {
      lead: 8,
      cells: [
        money(this.commission),
        money(this.fee),
        money(this.swap),
        money(this.profit),
        money(this.balance),
        empty,
      ],
    };
  }
}

/** Deals in time order with the balance after each, from the balance the period started at. */
export function dealsTable(
  deals: readonly StatementDeal[],
  startBalance: number,
  c: Columns,
  digits: DigitsOf = noDigits,
): StatementTable {
  const rows = new DealRows(startBalance, digits);
  return {
    kind: 'table',
    key: 'deals',
    title: '',
    columns: dealColumns(c),
    rows: deals.map((deal) => rows.row(deal)),
    footer: rows.footer(),
  };
}

// Positions carry time_msc; older agents may leave it 0, so the seconds field is the fallback.
const openedAt = (p: Mt5Position): number => (p.time_msc > 0 ? p.time_msc : p.time * 1000);

export function openPositionsTable(
  positions: readonly Mt5Position[],
  c: Columns,
  digits: DigitsOf = noDigits,
): StatementTable {
  return {
    kind: 'table',
    key: 'open_positions',
    title: '',
    columns: [
      col(c.time),
      col(c.position),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.price, true),
      col(c.sl, true),
      col(c.tp, true),
      col(c.marketPrice, true),
      col(c.swap, true),
      col(c.profit, true),
      col(c.comment, false, 3),
    ],
    rows: [...positions]
      .sort((a, b) => openedAt(a) - openedAt(b))
      .map((p) => [
        time(openedAt(p)),
        id(p.ticket),
        text(p.symbol),
        text(v.dealTypes[p.type] ?? ''),
        volume(p.volume),
        price(p.price_open, digits(p.symbol)),
        level(p.sl, digits(p.symbol)),
        level(p.tp, digits(p.symbol)),
        price(p.price_current, digits(p.symbol)),
        money(p.swap),
        money(p.profit),
        text(p.comment),
      ]),
    footer: {
      lead: 9,
      cells: [
        money(sum(positions.map((p) => p.swap))),
        money(sum(positions.map((p) => p.profit))),
        empty,
      ],
    },
  };
}

/** Pending orders; the agent sends no market price for them, so that column stays blank. */
export function workingOrdersTable(
  orders: readonly Mt5Order[],
  c: Columns,
  digits: DigitsOf = noDigits,
): StatementTable {
  return {
    kind: 'table',
    key: 'working_orders',
    title: '',
    columns: [
      col(c.openTime),
      col(c.order),
      col(c.symbol),
      col(c.type),
      col(c.volume, true),
      col(c.price, true),
      col(c.sl, true),
      col(c.tp, true),
      col(c.marketPrice, true),
      col(c.state, false, 2),
      col(c.comment, false, 3),
    ],
    rows: [...orders]
      .sort((a, b) => a.time_setup - b.time_setup)
      .map((o) => [
        time(o.time_setup * 1000),
        id(o.order),
        text(o.symbol),
        text(v.orderTypes[o.type] ?? String(o.type)),
        text(`${formatLots(o.volume_initial)} / 0`),
        price(o.price_open, digits(o.symbol)),
        level(o.sl, digits(o.symbol)),
        level(o.tp, digits(o.symbol)),
        empty,
        text(v.orderStates.placed),
        text(o.comment),
      ]),
    footer: null,
  };
}
