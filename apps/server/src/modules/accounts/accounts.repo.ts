import { AccountSummarySchema, type AccountSummary } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import type { AgentAccountKey } from '../bridge/trading-ingest.repo.js';

// The summary's columns, and where the account's data came from (migration 0030).
const SUMMARY = `id, kind, account_number, server, company, currency, last_hello_at,
  last_import_at, last_import_file, last_import_from, last_import_to`;
const SummaryRow = AccountSummarySchema.omit({ last_hello_at: true, last_import: true }).extend({
  last_hello_at: z.date().nullable(),
  last_import_at: z.date().nullable(),
  last_import_file: z.string().nullable(),
  last_import_from: z.number().nullable(),
  last_import_to: z.number().nullable(),
});
type SummaryRow = z.infer<typeof SummaryRow>;
const IdRow = z.object({ id: z.number() });
const UpsertRow = IdRow.extend({ existed: z.boolean(), agent_fed: z.boolean() });
const CountRow = z.object({ n: z.number() });

function summaryOf(r: SummaryRow): AccountSummary {
  const { last_import_at: at, last_import_file, last_import_from, last_import_to, ...rest } = r;
  return {
    ...rest,
    last_hello_at: r.last_hello_at?.toISOString() ?? null,
    last_import: at
      ? {
          at: at.toISOString(),
          file_name: last_import_file,
          from: last_import_from,
          to: last_import_to,
        }
      : null,
  };
}

/** The user's accounts, live ones first, then by number. */
export async function accountsOf(db: Queryable, userId: number): Promise<AccountSummary[]> {
  const rows = await rowsOf(
    db,
    SummaryRow,
    `SELECT ${SUMMARY} FROM mt5_accounts WHERE user_id = $1
     ORDER BY kind = 'live' DESC, account_number, server, id`,
    [userId],
  );
  return rows.map(summaryOf);
}

/** One of the user's own accounts; another user's id finds nothing. */
export async function ownAccount(
  db: Queryable,
  userId: number,
  accountId: number,
): Promise<AccountSummary | undefined> {
  const row = await maybeRow(
    db,
    SummaryRow,
    `SELECT ${SUMMARY} FROM mt5_accounts WHERE id = $1 AND user_id = $2`,
    [accountId, userId],
  );
  return row && summaryOf(row);
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

/** The same fields as the agent's account: an import is keyed as the agent's hello is. */
export type ImportedAccountKey = AgentAccountKey;

/** Where an import came from: the file's name (when the page sent it) and its deals' period. */
export interface ImportSource {
  fileName: string | null;
  from: number | null;
  to: number | null;
}

/**
 * The user's account of that login and server, made by its first import or by the agent
 * (migration 0030): one account whatever fed it. What the agent said in its hello (company,
 * currency, modes) is the terminal's own word and a report does not replace it; `agent_fed`
 * says an agent has said hello for it.
 */
export async function upsertAccountForImport(
  db: Queryable,
  a: ImportedAccountKey,
  source: ImportSource,
): Promise<{ id: number; existed: boolean; agent_fed: boolean }> {
  const agentSays = (column: string) =>
    `${column} = CASE WHEN mt5_accounts.last_hello_at IS NULL THEN EXCLUDED.${column} ELSE mt5_accounts.${column} END`;
  return oneRow(
    db,
    UpsertRow,
    `INSERT INTO mt5_accounts (user_id, account_number, server, company, currency, margin_mode,
       trade_mode, kind, last_import_at, last_import_file, last_import_from, last_import_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'imported', now(), $8, $9, $10)
     ON CONFLICT (user_id, account_number, server) DO UPDATE SET
       ${['company', 'currency', 'margin_mode', 'trade_mode'].map(agentSays).join(', ')},
       last_import_at = now(), last_import_file = EXCLUDED.last_import_file,
       last_import_from = EXCLUDED.last_import_from, last_import_to = EXCLUDED.last_import_to
     RETURNING id, (xmax <> 0) AS existed, (last_hello_at IS NOT NULL) AS agent_fed`,
    [
      a.userId,
      a.accountNumber,
      a.server,
      a.company,
      a.currency,
      a.marginMode,
      a.tradeMode,
      source.fileName,
      source.from,
      source.to,
    ],
  );
}

const MarginModeRow = z.object({ margin_mode: z.string() });

/**
 * The margin mode the user's account of that login and server already has (the agent's word, or
 * what an earlier import proved); undefined when there is no such account.
 */
export async function storedMarginMode(
  db: Queryable,
  userId: number,
  accountNumber: number,
  server: string,
): Promise<string | undefined> {
  const row = await maybeRow(
    db,
    MarginModeRow,
    `SELECT margin_mode FROM mt5_accounts
     WHERE user_id = $1 AND account_number = $2 AND server = $3`,
    [userId, accountNumber, server],
  );
  return row?.margin_mode;
}

/** The account an import of no named file makes or finds: its id. */
export async function upsertImportedAccount(db: Queryable, a: ImportedAccountKey): Promise<number> {
  const { id } = await upsertAccountForImport(db, a, { fileName: null, from: null, to: null });
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

/**
 * A report's time is its server's wall clock, whose zone the report does not say: it may be
 * ahead of or behind the agent's own clock by up to 14 hours.
 */
const WALL_CLOCK_DOUBT = '14 hours';

/**
 * The report's summary, unless the account already holds newer figures: a later report's, or
 * the agent's, which stand unless the report is surely newer than them.
 */
export async function setImportedFigures(
  db: Queryable,
  accountId: number,
  figures: AccountFigures,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE mt5_accounts SET balance = $2, equity = $3, margin = $4, free_margin = $5,
       margin_level = $6, profit = $7, account_at = $8
     WHERE id = $1 AND (account_at IS NULL
       OR (last_hello_at IS NULL AND account_at <= $8)
       OR account_at + interval '${WALL_CLOCK_DOUBT}' < $8)`,
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
