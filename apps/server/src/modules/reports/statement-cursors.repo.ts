import type { Mt5HistoryOrder } from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import { parseRow, rowsOf } from '../../db/rows.js';
import { STATEMENT_DEAL_COLUMNS, StatementDealRow } from './reports.repo.js';
import { HistoryOrderRow, ORDER_COLUMNS } from './statement-orders.repo.js';

/** Rows a FETCH brings: enough to keep the database busy, few enough to hold. */
const FETCH_ROWS = 2_000;
let cursors = 0;

/**
 * The rows of `sql`, FETCH_ROWS at a time, from a cursor of `client`'s transaction (which
 * must be open: a cursor lives inside one). Closed when read to the end or left early.
 */
export async function* cursorRows<S extends z.ZodType>(
  client: pg.ClientBase,
  schema: S,
  sql: string,
  params: readonly unknown[],
): AsyncGenerator<z.infer<S>[]> {
  const name = `statement_${++cursors}`;
  await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params as unknown[]);
  let done = false;
  try {
    while (!done) {
      const { rows } = await client.query(`FETCH ${FETCH_ROWS} FROM ${name}`);
      done = rows.length < FETCH_ROWS;
      if (rows.length > 0) yield rows.map((row: unknown) => parseRow(schema, row, sql));
    }
  } finally {
    // Left early (the client went away): the transaction's end closes it if this cannot.
    await client.query(`CLOSE ${name}`).catch(() => undefined);
  }
}

/** The period's deals, every type (balance operations too), by time then ticket. */
export const periodDeals = (c: pg.ClientBase, accountId: number, from: number, to: number) =>
  cursorRows(
    c,
    StatementDealRow,
    `SELECT ${STATEMENT_DEAL_COLUMNS} FROM deals
     WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 ORDER BY time_msc, ticket`,
    [accountId, from, to],
  );

/** The period's buy and sell deals, by time then ticket. */
export const periodTradeDeals = (c: pg.ClientBase, accountId: number, from: number, to: number) =>
  cursorRows(
    c,
    StatementDealRow,
    `SELECT ${STATEMENT_DEAL_COLUMNS} FROM deals
     WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1)
     ORDER BY time_msc, ticket`,
    [accountId, from, to],
  );

/**
 * The period's buy and sell deals by the order they fill (its ticket, else the deal's): orders
 * by their first deal's time and ticket, each order's deals by time and ticket, as the Orders
 * section rebuilt from deals lists them.
 */
export const periodDealsByOrder = (c: pg.ClientBase, accountId: number, from: number, to: number) =>
  cursorRows(
    c,
    StatementDealRow,
    `SELECT ${STATEMENT_DEAL_COLUMNS} FROM (
       SELECT *, first_value(time_msc) OVER w AS first_time, first_value(ticket) OVER w AS first_ticket
       FROM deals
       WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1)
       WINDOW w AS (PARTITION BY CASE WHEN order_ticket > 0 THEN order_ticket ELSE ticket END
                    ORDER BY time_msc, ticket)
     ) d
     ORDER BY first_time, first_ticket, time_msc, ticket`,
    [accountId, from, to],
  );

/** The history orders set up in the period, by setup time then ticket. */
export const periodHistoryOrders = (
  c: pg.ClientBase,
  accountId: number,
  from: number,
  to: number,
) =>
  cursorRows(
    c,
    HistoryOrderRow,
    `SELECT ${ORDER_COLUMNS} FROM mt5_history_orders
     WHERE account_id = $1 AND time_setup_msc BETWEEN $2 AND $3
     ORDER BY time_setup_msc, ticket`,
    [accountId, from, to],
  );

/**
 * The history orders of some of the statement's positions (core's StatementSources): every
 * order of `positionIds`; of `ticketIds` (positions keyed by a deal's ticket) only those the
 * whole statement reads, set up in the period or of a position with a deal in it.
 */
export function ordersOfPositions(
  c: pg.ClientBase,
  accountId: number,
  period: { from: number; to: number },
  positionIds: readonly number[],
  ticketIds: readonly number[],
): Promise<Mt5HistoryOrder[]> {
  return rowsOf(
    c,
    HistoryOrderRow,
    `SELECT ${ORDER_COLUMNS} FROM mt5_history_orders o
     WHERE o.account_id = $1
       AND (o.position_id = ANY($4::bigint[])
            OR (o.position_id = ANY($5::bigint[])
                AND (o.time_setup_msc BETWEEN $2 AND $3
                     OR EXISTS (SELECT 1 FROM deals d
                                WHERE d.account_id = $1 AND d.position_id = o.position_id
                                  AND d.time_msc BETWEEN $2 AND $3))))`,
    [accountId, period.from, period.to, positionIds, ticketIds],
  );
}

/** Whether the account's agent ever sent history orders (an older one never did). */
export async function hasHistoryOrders(c: pg.ClientBase, accountId: number): Promise<boolean> {
  const r = await c.query('SELECT 1 FROM mt5_history_orders WHERE account_id = $1 LIMIT 1', [
    accountId,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * The positions closed in the period (a closing deal in it) whose opening deal is not in it:
 * the statement looks for their openings earlier.
 */
export async function positionsOpenedBefore(
  c: pg.ClientBase,
  accountId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const r = await c.query<{ position_id: number }>(
    // One pass over the period's deals: deals has no index by position to anti-join on.
    `SELECT position_id FROM deals
     WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1) AND position_id <> 0
     GROUP BY position_id
     HAVING bool_or(entry <> 0) AND NOT bool_or(entry = 0)`,
    [accountId, from, to],
  );
  return r.rows.map((row) => row.position_id);
}
