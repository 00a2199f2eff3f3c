import type { Mt5HistoryOrder } from '@vortex/core';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export const HistoryOrderRow = z.object({
  ticket: z.number(),
  symbol: z.string(),
  type: z.number(),
  state: z.number(),
  volume_initial: z.number(),
  volume_current: z.number(),
  price_open: z.number(),
  sl: z.number(),
  tp: z.number(),
  price_current: z.number(),
  time_setup_msc: z.number(),
  time_done_msc: z.number(),
  magic: z.number(),
  comment: z.string(),
  position_id: z.number(),
  reason: z.number(),
}) satisfies z.ZodType<Mt5HistoryOrder>;

const DigitsRow = z.object({ symbol: z.string(), digits: z.number() });

export const ORDER_COLUMNS = `ticket, symbol, type, state, volume_initial, volume_current, price_open, sl,
  tp, price_current, time_setup_msc, time_done_msc, magic, comment, position_id, reason`;

/**
 * The history orders set up in the period and those of the given positions (their levels), or
 * undefined when the account has none at all: its agent never sent them (an older one), and the
 * statement rebuilds its Orders from the deals.
 */
export async function historyOrdersFor(
  db: Queryable,
  accountId: number,
  from: number,
  to: number,
  positionIds: readonly number[],
): Promise<Mt5HistoryOrder[] | undefined> {
  const rows = await rowsOf(
    db,
    HistoryOrderRow,
    `SELECT ${ORDER_COLUMNS} FROM mt5_history_orders
     WHERE account_id = $1 AND time_setup_msc BETWEEN $2 AND $3
     UNION
     SELECT ${ORDER_COLUMNS} FROM mt5_history_orders
     WHERE account_id = $1 AND position_id = ANY($4::bigint[])`,
    [accountId, from, to, positionIds],
  );
  if (rows.length > 0) return rows;
  const any = await db.query('SELECT 1 FROM mt5_history_orders WHERE account_id = $1 LIMIT 1', [
    accountId,
  ]);
  return any.rowCount === 0 ? undefined : [];
}

/** SYMBOL_DIGITS by symbol, as the account's agent reported them. */
export async function symbolDigitsOf(
  db: Queryable,
  accountId: number,
): Promise<Record<string, number>> {
  const rows = await rowsOf(
    db,
    DigitsRow,
    'SELECT symbol, digits FROM mt5_symbol_digits WHERE account_id = $1',
    [accountId],
  );
  return Object.fromEntries(rows.map((r) => [r.symbol, r.digits]));
}
