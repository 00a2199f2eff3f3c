import type { Mt5HistoryOrder } from '../bridge/mt5-records.schema.js';
import { empty, id, level, price, text, time, type Cell } from './cells.js';
import { mt5Values as v, type StatementLabels } from './messages.js';
import {
  formatLots,
  orderColumns,
  type DigitsOf,
  type PositionLevels,
} from './statement-tables.js';
import type { StatementTable } from './statement.types.js';

/** MT5 ORDER_STATE_PARTIAL and ORDER_STATE_FILLED: the orders that traded. */
const TRADED_STATES = new Set([3, 4]);
/** Buy and sell: the market orders, whose price the terminal writes as 'market'. */
const isMarket = (o: Mt5HistoryOrder) => o.type === 0 || o.type === 1;

const byDone = (a: Mt5HistoryOrder, b: Mt5HistoryOrder) =>
  a.time_done_msc - b.time_done_msc || a.ticket - b.ticket;

/** An order the terminal reported, as its Orders section writes it: volume 'initial / filled'. */
export function historyOrderRow(o: Mt5HistoryOrder, digits: DigitsOf): Cell[] {
  const d = digits(o.symbol);
  const filled = Math.max(0, o.volume_initial - o.volume_current);
  return [
    time(o.time_setup_msc),
    id(o.ticket),
    text(o.symbol),
    text(v.orderTypes[o.type] ?? String(o.type)),
    text(`${formatLots(o.volume_initial)} / ${formatLots(filled)}`),
    isMarket(o) ? text(v.market) : price(o.price_open, d),
    level(o.sl, d),
    level(o.tp, d),
    o.time_done_msc > 0 ? time(o.time_done_msc) : empty,
    text(v.orderStateCodes[o.state] ?? String(o.state)),
    text(o.comment),
  ];
}

/** The Orders section's order: by setup time, then ticket. */
export const bySetup = (a: Mt5HistoryOrder, b: Mt5HistoryOrder): number =>
  a.time_setup_msc - b.time_setup_msc || a.ticket - b.ticket;

/**
 * The Orders section from the orders the terminal reported, as it writes them: opened in the
 * period (by setup time), with their S / L, T / P, done time and state.
 */
export function historyOrdersTable(
  orders: readonly Mt5HistoryOrder[],
  period: { from: number; to: number },
  c: StatementLabels['columns'],
  digits: DigitsOf,
): StatementTable {
  const shown = orders
    .filter((o) => o.time_setup_msc >= period.from && o.time_setup_msc <= period.to)
    .sort(bySetup);
  return {
    kind: 'table',
    key: 'orders',
    title: '',
    columns: orderColumns(c),
    rows: shown.map((o) => historyOrderRow(o, digits)),
    footer: null,
  };
}

/**
 * Each closed position's last S / L and T / P, as the terminal's Positions section shows them:
 * those of the last order that traded for it while it was open and carried any (the opening one,
 * or a later one that set them; an agent reports a close with the levels in force then). A
 * netting reversal closes one row and opens the next with the same id: its order, larger than
 * the row it closes, belongs to the next row only.
 */
export function positionLevels(orders: readonly Mt5HistoryOrder[]): PositionLevels {
  const byPosition = new Map<number, Mt5HistoryOrder[]>();
  for (const o of [...orders].sort(byDone)) {
    if (o.position_id === 0 || !TRADED_STATES.has(o.state) || (o.sl <= 0 && o.tp <= 0)) continue;
    const list = byPosition.get(o.position_id) ?? [];
    list.push(o);
    byPosition.set(o.position_id, list);
  }
  return (p) => {
    const list = byPosition.get(Number(p.position_id)) ?? [];
    let found: Mt5HistoryOrder | undefined;
    for (const o of list) {
      if (o.time_done_msc < p.open_time || o.time_done_msc > p.close_time) continue;
      const reverses = o.volume_initial - o.volume_current > p.volume + 1e-9;
      if (o.time_done_msc === p.close_time && o.time_done_msc > p.open_time && reverses) continue;
      found = o;
    }
    return found && { sl: found.sl, tp: found.tp };
  };
}
