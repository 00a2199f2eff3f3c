import type { Mt5Order, Mt5Position } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import type { DealsVersion } from './positions-cache.repo.js';

/**
 * The account a user's screens read: the one they chose (migration 26), else the one whose agent
 * said hello last; an imported account never says hello, so it comes first only when chosen or
 * when it is all the user has.
 */
export interface TradingAccount {
  id: number;
  account_number: number;
  server: string;
  /** 'imported': read from the terminal's reports, no agent behind it (no live state). */
  kind: 'live' | 'imported';
  balance: number | null;
  equity: number | null;
  margin: number | null;
  free_margin: number | null;
  margin_level: number | null;
  profit: number | null;
  account_at: Date | null;
  /** The deals version (migration 0008): tells a cached copy of the history whether it is current. */
  deals: DealsVersion;
}

const ACCOUNT_COLUMNS = `id, account_number, server, kind, balance, equity, margin, free_margin,
  margin_level, profit, account_at, deals_version(id) AS deals`;

export async function currentAccountOf(
  db: Queryable,
  userId: number,
): Promise<TradingAccount | undefined> {
  const { rows } = await db.query<TradingAccount>(
    `SELECT ${ACCOUNT_COLUMNS}
     FROM mt5_accounts a WHERE user_id = $1
     ORDER BY a.id = (SELECT c.account_id FROM account_choices c WHERE c.user_id = $1) DESC NULLS LAST,
              last_hello_at DESC NULLS LAST, id DESC
     LIMIT 1`,
    [userId],
  );
  return rows[0];
}

/** The account the bot and the bridge act on: the live one whose agent said hello last. */
export async function liveAccountOf(
  db: Queryable,
  userId: number,
): Promise<TradingAccount | undefined> {
  const { rows } = await db.query<TradingAccount>(
    `SELECT ${ACCOUNT_COLUMNS}
     FROM mt5_accounts WHERE user_id = $1 AND kind = 'live'
     ORDER BY last_hello_at DESC NULLS LAST, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0];
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
