import { AccountSummarySchema, type AccountSummary } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import type { upsertAccount } from '../bridge/trading-ingest.repo.js';

// The summary's columns are its fields, as the API sends them.
const SUMMARY = 'id, kind, account_number, server, company, currency';
const IdRow = z.object({ id: z.number() });
const CountRow = z.object({ n: z.number() });

/** The user's accounts, live ones first, then by number. */
export async function accountsOf(db: Queryable, userId: number): Promise<AccountSummary[]> {
  return rowsOf(
    db,
    AccountSummarySchema,
    `SELECT ${SUMMARY} FROM mt5_accounts WHERE user_id = $1
     ORDER BY kind = 'live' DESC, account_number, server, id`,
    [userId],
  );
}

/** One of the user's own accounts; another user's id finds nothing. */
export async function ownAccount(
  db: Queryable,
  userId: number,
  accountId: number,
): Promise<AccountSummary | undefined> {
  return maybeRow(
    db,
    AccountSummarySchema,
    `SELECT ${SUMMARY} FROM mt5_accounts WHERE id = $1 AND user_id = $2`,
    [accountId, userId],
  );
}

/** Makes the account the one the user's screens read; false when it is not theirs. */
export async function chooseAccount(
  db: Queryable,
  userId: number,
  accountId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO account_choices (user_id, account_id)
     SELECT user_id, id FROM mt5_accounts WHERE id = $2 AND user_id = $1
     ON CONFLICT (user_id) DO UPDATE SET account_id = EXCLUDED.account_id, chosen_at = now()`,
    [userId, accountId],
  );
  return (rowCount ?? 0) > 0;
}

/** The same fields as the agent's account: an imported account is keyed as a live one. */
export type ImportedAccountKey = Parameters<typeof upsertAccount>[1];

/** The user's imported account of that number and server, made on its first import. */
export async function upsertImportedAccount(db: Queryable, a: ImportedAccountKey): Promise<number> {
  const { id } = await oneRow(
    db,
    IdRow,
    `INSERT INTO mt5_accounts (user_id, account_number, server, company, currency, margin_mode, trade_mode, kind)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'imported')
     ON CONFLICT (user_id, account_number, server) WHERE kind = 'imported' DO UPDATE SET
       company = EXCLUDED.company, currency = EXCLUDED.currency,
       margin_mode = EXCLUDED.margin_mode, trade_mode = EXCLUDED.trade_mode
     RETURNING id`,
    [a.userId, a.accountNumber, a.server, a.company, a.currency, a.marginMode, a.tradeMode],
  );
  return id;
}

export interface AccountFigures {
  balance: number;
  equity: number;
  margin: number;
  free_margin: number;
  margin_level: number;
  profit: number;
}

/** The report's summary, unless the account already holds one of a later report. */
export async function setImportedFigures(
  db: Queryable,
  accountId: number,
  figures: AccountFigures,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE mt5_accounts SET balance = $2, equity = $3, margin = $4, free_margin = $5,
       margin_level = $6, profit = $7, account_at = $8
     WHERE id = $1 AND (account_at IS NULL OR account_at <= $8)`,
    [
      accountId,
      figures.balance,
      figures.equity,
      figures.margin,
      figures.free_margin,
      figures.margin_level,
      figures.profit,
      at,
    ],
  );
}

export async function closedPositionsCount(db: Queryable, accountId: number): Promise<number> {
  const { n } = await oneRow(
    db,
    CountRow,
    'SELECT count(*)::int AS n FROM closed_positions WHERE account_id = $1',
    [accountId],
  );
  return n;
}
