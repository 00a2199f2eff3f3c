import {
  balanceAt,
  Mt5OrderSchema,
  Mt5PositionSchema,
  type Mt5Order,
  type Mt5Position,
  type StatementAccountFigures,
  type StatementDeal,
} from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { AccountIdentityColumns, AccountMoneyColumns } from '../accounts/account-row.js';

export interface ReportAccount {
  id: number;
  ownerName: string;
  accountNumber: number;
  server: string;
  company: string;
  currency: string;
  tradeMode: string;
  marginMode: string;
  figures: StatementAccountFigures | null;
}

const AccountRow = z.object({
  id: z.number(),
  full_name: z.string(),
  username: z.string(),
  ...AccountIdentityColumns,
  ...AccountMoneyColumns,
});

/** The user's current account, as the trading screens' (trading.repo.ts currentAccountOf). */
export async function currentAccountOf(
  db: Queryable,
  userId: number,
): Promise<ReportAccount | undefined> {
  const r = await maybeRow(
    db,
    AccountRow,
    `SELECT a.id, u.full_name, u.username, a.account_number, a.server, a.company, a.currency,
            a.trade_mode, a.margin_mode, a.balance, a.equity, a.margin, a.free_margin,
            a.margin_level, a.profit
     FROM mt5_accounts a JOIN users u ON u.id = a.user_id
     WHERE a.user_id = $1
     ORDER BY a.id = (SELECT c.account_id FROM account_choices c WHERE c.user_id = $1) DESC NULLS LAST,
              a.last_hello_at DESC NULLS LAST, a.id DESC
     LIMIT 1`,
    [userId],
  );
  if (!r) return undefined;
  const { balance, equity, margin, free_margin, margin_level, profit } = r;
  // The figures arrive together in one account message: one missing means none came yet.
  const figures =
    balance !== null &&
    equity !== null &&
    margin !== null &&
    free_margin !== null &&
    margin_level !== null &&
    profit !== null
      ? { balance, equity, margin, free_margin, margin_level, profit }
      : null;
  return {
    id: r.id,
    ownerName: r.full_name.trim() === '' ? r.username : r.full_name,
    accountNumber: r.account_number,
    server: r.server,
    company: r.company,
    currency: r.currency,
    tradeMode: r.trade_mode,
    marginMode: r.margin_mode,
    figures,
  };
}

/** A stored deal as the statement reads it (the tax tests' fixture reads its deals by it too). */
export const StatementDealRow = z.object({
  ticket: z.number(),
  order: z.number(),
  position_id: z.number(),
  symbol: z.string(),
  type: z.number(),
  entry: z.number(),
  volume: z.number(),
  price: z.number(),
  profit: z.number(),
  commission: z.number(),
  fee: z.number(),
  swap: z.number(),
  magic: z.number(),
  reason: z.number(),
  comment: z.string(),
  time_msc: z.number(),
}) satisfies z.ZodType<StatementDeal>;

export const STATEMENT_DEAL_COLUMNS = `ticket, order_ticket AS "order", position_id, symbol, type, entry, volume, price,
  profit, commission, fee, swap, magic, reason, comment, time_msc`;

/** The period's deals, every type (balance operations too), in time order. */
export async function dealsBetween(
  db: Queryable,
  accountId: number,
  from: number,
  to: number,
): Promise<StatementDeal[]> {
  return rowsOf(
    db,
    StatementDealRow,
    `SELECT ${STATEMENT_DEAL_COLUMNS} FROM deals
     WHERE account_id = $1 AND time_msc BETWEEN $2 AND $3 ORDER BY time_msc, ticket`,
    [accountId, from, to],
  );
}

/** The trade deals before `before` (and from `since`) of the given positions. */
export async function earlierDealsOf(
  db: Queryable,
  accountId: number,
  positionIds: readonly number[],
  since: number,
  before: number,
): Promise<StatementDeal[]> {
  return rowsOf(
    db,
    StatementDealRow,
    `SELECT ${STATEMENT_DEAL_COLUMNS} FROM deals
     WHERE account_id = $1 AND time_msc >= $2 AND time_msc < $3 AND type IN (0, 1)
       AND position_id = ANY($4::bigint[])`,
    [accountId, since, before, positionIds],
  );
}

// An aggregate without GROUP BY: always one row.
const BalanceSumsRow = z.object({ before: z.number(), total: z.number(), operations: z.number() });

/**
 * The balance when the period starts (core's balanceAt: the deals before it, credit aside, the
 * deposit inferred from the balance reported now when the terminal never sent one).
 */
export async function balanceBefore(
  db: Queryable,
  accountId: number,
  before: number,
  currentBalance: number | null = null,
): Promise<number> {
  const r = await oneRow(
    db,
    BalanceSumsRow,
    `SELECT coalesce(sum(profit + commission + fee + swap)
                     FILTER (WHERE type <> 3 AND time_msc < $2), 0)::float8 AS before,
            coalesce(sum(profit + commission + fee + swap) FILTER (WHERE type <> 3), 0)::float8
              AS total,
            count(*) FILTER (WHERE type = 2)::int AS operations
     FROM deals WHERE account_id = $1`,
    [accountId, before],
  );
  return balanceAt(
    { netBefore: r.before, netTotal: r.total, balanceOperations: r.operations },
    currentBalance,
  );
}

// jsonb as the bridge stored it, after parsing the agent's message with the same schemas.
const OpenPositionRow = z.object({ data: Mt5PositionSchema });
const PendingOrderRow = z.object({ data: Mt5OrderSchema });

export async function openPositionsOf(db: Queryable, accountId: number): Promise<Mt5Position[]> {
  const rows = await rowsOf(
    db,
    OpenPositionRow,
    'SELECT data FROM open_positions WHERE account_id = $1 ORDER BY ticket',
    [accountId],
  );
  return rows.map((r) => r.data);
}

export async function pendingOrdersOf(db: Queryable, accountId: number): Promise<Mt5Order[]> {
  const rows = await rowsOf(
    db,
    PendingOrderRow,
    'SELECT data FROM pending_orders WHERE account_id = $1 ORDER BY ticket',
    [accountId],
  );
  return rows.map((r) => r.data);
}
