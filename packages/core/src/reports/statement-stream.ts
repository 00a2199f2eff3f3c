import type { Mt5HistoryOrder } from '../bridge/mt5-records.schema.js';
import { PositionBook } from '../trading/position-book.js';
import type { ClosedPosition } from '../trading/position.js';
import { statementLabels } from './messages.js';
import { resultsFigures, summaryFigures } from './statement-figures.js';
import { digitsOf, listedPosition, positionDealsOf, statementHead } from './statement-model.js';
import { bySetup, historyOrderRow, positionLevels } from './statement-orders.js';
import { ResultsInputs } from './statement-results.js';
import {
  dealColumns,
  DealRows,
  filledOrderKey,
  filledOrderRow,
  fillOrder,
  isTradeDeal,
  openPositionsTable,
  orderColumns,
  positionColumns,
  positionRow,
  workingOrdersTable,
  type FilledOrder,
  type PositionLevels,
} from './statement-tables.js';
import type { StatementWriter } from './statement-writer.js';
import type { StatementDeal, StatementInput, StatementTable } from './statement.types.js';

/** A statement's input without its long lists, which come from StatementSources instead. */
export interface StatementStreamInput extends Omit<
  StatementInput,
  'deals' | 'priorDeals' | 'historyOrders'
> {
  /** False when the account has no history orders at all: Orders are rebuilt from the deals. */
  hasHistoryOrders: boolean;
}

/**
 * The statement's long lists, each read in order batch by batch (a database cursor). Each
 * ticket comes once, as the deals' primary key guarantees.
 */
export interface StatementSources {
  /**
   * The earlier deals of positions closed in the period (buildStatement's priorDeals), then the
   * period's trade deals: by time, then ticket.
   */
  positionDeals(): AsyncIterable<readonly StatementDeal[]>;
  /**
   * The history orders of some listed positions, for their S / L and T / P: those of
   * `positionIds` (each a position id of a deal in the period), and those of `ticketIds` (the
   * tickets that key positions of deals without a position id) that buildStatement's
   * historyOrders would hold: set up in the period, or of a position with a deal in it.
   */
  positionOrders(
    positionIds: readonly number[],
    ticketIds: readonly number[],
  ): Promise<readonly Mt5HistoryOrder[]>;
  /** The history orders set up in the period, by setup time then ticket. */
  historyOrders(): AsyncIterable<readonly Mt5HistoryOrder[]>;
  /**
   * The period's trade deals by the order they fill (filledOrderKey): the orders by their first
   * deal's time and ticket, each order's deals by time and ticket.
   */
  dealsByOrder(): AsyncIterable<readonly StatementDeal[]>;
  /** The period's deals, every type: by time, then ticket. */
  deals(): AsyncIterable<readonly StatementDeal[]>;
}

/** The listed positions' rows, with their levels from their own history orders. */
async function positionRows(
  positions: readonly ClosedPosition[],
  input: StatementStreamInput,
  sources: StatementSources,
  keyedByTicket: ReadonlySet<string>,
  writer: StatementWriter,
): Promise<string> {
  const listed = positions.filter((p) => listedPosition(p, input));
  if (listed.length === 0) return '';
  const digits = digitsOf(input.symbolDigits);
  let levels: PositionLevels | undefined;
  if (input.hasHistoryOrders) {
    const byTicket = listed.filter((p) => keyedByTicket.has(p.position_id));
    const withId = listed.filter((p) => !keyedByTicket.has(p.position_id));
    const orders = await sources.positionOrders(
      withId.map((p) => Number(p.position_id)),
      byTicket.map((p) => Number(p.position_id)),
    );
    levels = positionLevels(orders);
  }
  return listed.map((p) => writer.row(positionRow(p, digits, levels))).join('');
}

/**
 * Positions as buildStatement lists them, read deal batch by deal batch: a position is written
 * once no later deal can come before it, so only the positions still open are held.
 */
async function* positionsSection(
  input: StatementStreamInput,
  sources: StatementSources,
  writer: StatementWriter,
): AsyncGenerator<string> {
  const book = new PositionBook({ uniqueTickets: true });
  // Deals without a position id key their position by ticket (rare: no MT5 trade deal does).
  const keyedByTicket = new Set<string>();
  for await (const batch of sources.positionDeals()) {
    for (const d of batch) {
      if (isTradeDeal(d) && d.position_id === 0) keyedByTicket.add(String(d.ticket));
    }
    if (!book.add(positionDealsOf(batch))) throw new Error('statement deals out of time order');
    const settled = book.takeSettled(book.lastDealTime);
    yield await positionRows(settled, input, sources, keyedByTicket, writer);
  }
  yield await positionRows(book.positions(), input, sources, keyedByTicket, writer);
}

async function* ordersSection(
  input: StatementStreamInput,
  sources: StatementSources,
  writer: StatementWriter,
): AsyncGenerator<string> {
  if (input.hasHistoryOrders) {
    const digits = digitsOf(input.symbolDigits);
    for await (const batch of sources.historyOrders()) {
      const shown = batch.filter(
        (o) => o.time_setup_msc >= input.from && o.time_setup_msc <= input.to,
      );
      yield shown
        .sort(bySetup)
        .map((o) => writer.row(historyOrderRow(o, digits)))
        .join('');
    }
    return;
  }
  // Orders rebuilt from the deals: an order is written when the deals of the next one begin.
  let order: FilledOrder | undefined;
  for await (const batch of sources.dealsByOrder()) {
    const rows: string[] = [];
    for (const deal of batch) {
      if (!isTradeDeal(deal)) continue;
      if (order && order.order === filledOrderKey(deal)) {
        fillOrder(order, deal);
        continue;
      }
      if (order) rows.push(writer.row(filledOrderRow(order)));
      order = fillOrder(undefined, deal);
    }
    yield rows.join('');
  }
  if (order) yield writer.row(filledOrderRow(order));
}

function* wholeTable(table: StatementTable, title: string, writer: StatementWriter) {
  yield writer.table({ ...table, title });
  yield table.rows.map((row) => writer.row(row)).join('');
  yield writer.endTable(table.footer);
}

/**
 * The statement buildStatement and a renderer would write from the same rows, piece by piece as
 * `sources` are read: memory holds a batch of rows, the positions still open and the Results'
 * inputs (ResultsInputs: a few numbers a deal), never the page. Pieces may be empty.
 */
export async function* streamStatement(
  input: StatementStreamInput,
  sources: StatementSources,
  writer: StatementWriter,
): AsyncGenerator<string> {
  const head = statementHead(input);
  const L = statementLabels[head.language];
  const s = L.sections;
  const digits = digitsOf(input.symbolDigits);
  const full = input.reportType === 'full';
  yield writer.start(head);
  if (full) {
    yield writer.table({
      key: 'positions',
      title: s.positions,
      columns: positionColumns(L.columns),
    });
    yield* positionsSection(input, sources, writer);
    yield writer.endTable(null);
    yield writer.table({ key: 'orders', title: s.orders, columns: orderColumns(L.columns) });
    yield* ordersSection(input, sources, writer);
    yield writer.endTable(null);
    yield writer.table({ key: 'deals', title: s.deals, columns: dealColumns(L.columns) });
  }
  const rows = new DealRows(input.startBalance, digits);
  const inputs = new ResultsInputs();
  for await (const batch of sources.deals()) {
    for (const deal of batch) inputs.add(deal);
    if (full) yield batch.map((deal) => writer.row(rows.row(deal))).join('');
  }
  if (full) yield writer.endTable(rows.footer());
  yield* wholeTable(
    openPositionsTable(input.openPositions, L.columns, digits),
    s.openPositions,
    writer,
  );
  yield* wholeTable(
    workingOrdersTable(input.workingOrders, L.columns, digits),
    s.workingOrders,
    writer,
  );
  yield writer.figures(summaryFigures(input.figures, L.summary));
  const results = inputs.results(input.startBalance);
  yield writer.figures({ ...resultsFigures(results, L.results), title: s.results });
  yield writer.end();
}
