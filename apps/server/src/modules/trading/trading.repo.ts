import type { Mt5Order, Mt5Position } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

/** The account a user's screens read: the one whose agent said hello last. */
export interface TradingAccount {
  id: number;
  account_number: number;
  server: string;
  balance: number | null;
  equity: number | null;
  margin: number | null;
  free_margin: number | null;
  margin_level: number | null;
  profit: number | null;
  account_at: Date | null;
}

export async function currentAccountOf(
  db: Queryable,
  userId: number,
): Promise<TradingAccount | undefined> {
  const { rows } = await db.query<TradingAccount>(
    `SELECT id, account_number, server, balance, equity, margin, free_margin, margin_level, profit, account_at
     FROM mt5_accounts WHERE user_id = $1 ORDER BY last_hello_at DESC NULLS LAST, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0];
}

/**
 * A trade deal as stored, in the column order of DEAL_COLUMNS: ticket, position_id, symbol,
 * type, entry, volume, price, profit, commission, swap, magic, reason, time_msc.
 */
export type DealRow = [
  ticket: number,
  positionId: number,
  symbol: string,
  type: number,
  entry: number,
  volume: number,
  price: number,
  profit: number,
  commission: number,
  swap: number,
  magic: number,
  reason: number,
  timeMsc: number,
];

const DEAL_COLUMNS =
  'ticket, position_id, symbol, type, entry, volume, price, profit, commission, swap, magic, reason, time_msc';

/** Buy and sell deals (balance operations excluded) with from <= time_msc <= to, by the time index. */
export async function tradeDealsBetween(
  db: Queryable,
  accountId: number,
  from: number,
  to: number,
): Promise<DealRow[]> {
  // Rows as arrays: node-postgres then builds no object per row. In (time, ticket) order, the
  // order core sorts deals in, so its sort passes over them in linear time.
  const { rows } = await db.query<DealRow>({
    text: `SELECT ${DEAL_COLUMNS} FROM deals
           WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1)
           ORDER BY time_msc, ticket`,
    values: [accountId, from, to],
    rowMode: 'array',
  });
  return rows;
}

/** The deals before `before` (and from `since`) of the given positions: openings outside a range. */
export async function earlierDealsOf(
  db: Queryable,
  accountId: number,
  positionIds: number[],
  since: number,
  before: number,
): Promise<DealRow[]> {
  const { rows } = await db.query<DealRow>({
    text: `SELECT ${DEAL_COLUMNS} FROM deals
           WHERE account_id = $1 AND time_msc >= $2 AND time_msc < $3 AND type IN (0, 1)
             AND position_id = ANY($4::bigint[])
           ORDER BY time_msc, ticket`,
    values: [accountId, since, before, positionIds],
    rowMode: 'array',
  });
  return rows;
}

export interface StoredDeal {
  ticket: number;
  order: number;
  position_id: number;
  symbol: string;
  magic: number;
  type: number;
  entry: number;
  volume: number;
  price: number;
  time_msc: number;
  profit: number;
  commission: number;
  swap: number;
  reason: number;
  comment: string;
}

/** The newest `limit` trade deals of a range, newest first, and how many the range holds. */
export async function latestDeals(
  db: Queryable,
  accountId: number,
  range: { from: number; to: number; magic: number | undefined; limit: number },
): Promise<{ deals: StoredDeal[]; total: number }> {
  const where = `account_id = $1 AND time_msc BETWEEN $2 AND $3 AND type IN (0, 1)
    AND ($4::bigint IS NULL OR magic = $4)`;
  const values = [accountId, range.from, range.to, range.magic ?? null];
  const [page, count] = await Promise.all([
    db.query<StoredDeal>(
      `SELECT ticket, order_ticket AS "order", position_id, symbol, magic, type, entry, volume, price,
              time_msc, profit, commission, swap, reason, comment
       FROM deals WHERE ${where} ORDER BY time_msc DESC, ticket DESC LIMIT $5`,
      [...values, range.limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deals WHERE ${where}`, values),
  ]);
  return { deals: page.rows, total: count.rows[0]?.n ?? 0 };
}

/** Open positions and working orders as the agent last sent them, by ticket. */
export async function openBook(
  db: Queryable,
  accountId: number,
): Promise<{ positions: Mt5Position[]; orders: Mt5Order[] }> {
  const [positions, orders] = await Promise.all([
    db.query<{ data: Mt5Position }>(
      'SELECT data FROM open_positions WHERE account_id = $1 ORDER BY ticket',
      [accountId],
    ),
    db.query<{ data: Mt5Order }>(
      'SELECT data FROM pending_orders WHERE account_id = $1 ORDER BY ticket',
      [accountId],
    ),
  ]);
  return { positions: positions.rows.map((r) => r.data), orders: orders.rows.map((r) => r.data) };
}
