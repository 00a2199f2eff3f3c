import { Mt5OrderSchema, Mt5PositionSchema, type Mt5Order, type Mt5Position } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { DealsVersionSchema } from './positions-cache.repo.js';
import { AccountMoneyColumns } from '../accounts/account-row.js';

/**
 * The account a user's screens read: the one they chose (migration 26), else the one whose agent
 * said hello last; an imported account never says hello, so it comes first only when chosen or
 * when it is all the user has.
 */
const TradingAccountRow = z.object({
  id: z.number(),
  account_number: z.number(),
  server: z.string(),
  /** 'imported': read from the terminal's reports, no agent behind it (no live state). */
  kind: z.enum(['live', 'imported']),
  /** The deposit currency ('BRL', 'USD'…): amounts are in it, and it says B3 or around the clock. */
  currency: z.string(),
  ...AccountMoneyColumns,
  account_at: z.date().nullable(),
  /** The deals version (migration 0008): tells a cached copy of the history whether it is current. */
  deals: DealsVersionSchema,
});
export type TradingAccount = z.infer<typeof TradingAccountRow>;

const ACCOUNT_COLUMNS = `id, account_number, server, kind, currency, balance, equity, margin, free_margin,
  margin_level, profit, account_at, deals_version(id) AS deals`;

export async function currentAccountOf(
  db: Queryable,
  userId: number,
): Promise<TradingAccount | undefined> {
  return maybeRow(
    db,
    TradingAccountRow,
    `SELECT ${ACCOUNT_COLUMNS}
     FROM mt5_accounts a WHERE user_id = $1
     ORDER BY a.id = (SELECT c.account_id FROM account_choices c WHERE c.user_id = $1) DESC NULLS LAST,
              last_hello_at DESC NULLS LAST, id DESC
     LIMIT 1`,
    [userId],
  );
}

/** The account the bot and the bridge act on: the live one whose agent said hello last. */
export async function liveAccountOf(
  db: Queryable,
  userId: number,
): Promise<TradingAccount | undefined> {
  return maybeRow(
    db,
    TradingAccountRow,
    `SELECT ${ACCOUNT_COLUMNS}
     FROM mt5_accounts WHERE user_id = $1 AND kind = 'live'
     ORDER BY last_hello_at DESC NULLS LAST, id DESC LIMIT 1`,
    [userId],
  );
}

const StoredDealRow = z.object({
  ticket: z.number(),
  order: z.number(),
  position_id: z.number(),
  symbol: z.string(),
  magic: z.number(),
  type: z.number(),
  entry: z.number(),
  volume: z.number(),
  price: z.number(),
  time_msc: z.number(),
  profit: z.number(),
  commission: z.number(),
  fee: z.number(),
  swap: z.number(),
  reason: z.number(),
  comment: z.string(),
});
export type StoredDeal = z.infer<typeof StoredDealRow>;
const CountRow = z.object({ n: z.number() });

/** The newest `limit` trade deals of a range, newest first, and how many the range holds. */
export async function latestDeals(
  db: Queryable,
  accountId: number,
  range: { from: number; to: number; magic: number | undefined; limit: number },
): Promise<{ deals: StoredDeal[]; total: number }> {
  const where = `account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1)
    AND ($4::bigint IS NULL OR magic = $4)`;
  const values = [accountId, range.from, range.to, range.magic ?? null];
  const [deals, count] = await Promise.all([
    rowsOf(
      db,
      StoredDealRow,
      `SELECT ticket, order_ticket AS "order", position_id, symbol, magic, type, entry, volume, price,
              time_msc, profit, commission, fee, swap, reason, comment
       FROM deals WHERE ${where} ORDER BY time_msc DESC, ticket DESC LIMIT $5`,
      [...values, range.limit],
    ),
    oneRow(db, CountRow, `SELECT count(*)::int AS n FROM deals WHERE ${where}`, values),
  ]);
  return { deals, total: count.n };
}

// jsonb as the bridge stored it, after parsing the agent's message with the same schemas.
const OpenPositionRow = z.object({ data: Mt5PositionSchema });
const PendingOrderRow = z.object({ data: Mt5OrderSchema });

/** Open positions and working orders as the agent last sent them, by ticket. */
export async function openBook(
  db: Queryable,
  accountId: number,
): Promise<{ positions: Mt5Position[]; orders: Mt5Order[] }> {
  const [positions, orders] = await Promise.all([
    rowsOf(
      db,
      OpenPositionRow,
      'SELECT data FROM open_positions WHERE account_id = $1 ORDER BY ticket',
      [accountId],
    ),
    rowsOf(
      db,
      PendingOrderRow,
      'SELECT data FROM pending_orders WHERE account_id = $1 ORDER BY ticket',
      [accountId],
    ),
  ]);
  return { positions: positions.map((r) => r.data), orders: orders.map((r) => r.data) };
}
