import { createHash } from 'node:crypto';
import {
  accountMessages,
  importSummaryMessages,
  type ImportedReport,
  type ReportImportResponse,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import type { Queryable } from '../../lib/db-types.js';
import {
  closedPositionsCount,
  ownAccount,
  setImportedFigures,
  storedMarginMode,
  upsertAccountForImport,
  type AccountFigures,
} from '../accounts/accounts.repo.js';
import type { PositionsFollower } from '../trading/positions-follower.js';
import { parseMt5Report } from './import/detect.js';
import { ImportRefusal, importMessages } from './import/messages.js';
import { wallClockToEpoch } from './imported-deals.js';
import { StagingSink } from './import-sink.js';
import { ImportStaging } from './import-staging.js';
import { storeStagedDeals, storeStagedOrders } from './report-import.repo.js';
import { importRouteMessages as msg } from './report-import.messages.js';

export interface ReportImportDeps {
  pool: pg.Pool;
  follower: Pick<PositionsFollower, 'catchUp'>;
}

/** Staged deals moved per statement: the progress bar's steps while they are stored. */
const BATCH = 50_000;

/**
 * SQLSTATEs of a value the database refuses (22 data exception, 23514 a CHECK such as the
 * agent's bounds): the file's fault, should one ever get past the reader's checks.
 */
const VALUE_REFUSED = /^(22[0-9A-Z]{3}|23514)$/;

/** A value the database refused is the file's refusal (a 400), not the server's failure. */
function refusedValue(err: unknown): never {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && VALUE_REFUSED.test(code)) {
    throw new ImportRefusal(importMessages.refusedByDatabase, { cause: err });
  }
  throw err;
}

interface Identity {
  accountNumber: number;
  server: string;
}

/**
 * Which account a report is: the number and server it names; a Strategy Tester report names
 * none, so each expert, symbol, period and inputs gets an imported account of its own (number 0).
 */
function identityOf(report: ImportedReport): Identity {
  if (report.kind === 'tester') {
    const t = report.tester;
    const inputs = createHash('sha256')
      .update(t?.inputs.join('\n') ?? '')
      .digest('hex')
      .slice(0, 6);
    const parts = [t?.expert, t?.symbol, t?.period].filter((p): p is string => !!p);
    return { accountNumber: 0, server: `${msg.testerServer}: ${[...parts, inputs].join(' · ')}` };
  }
  const number = Number(report.account.login);
  const server = report.account.server?.trim();
  if (!report.account.login || !Number.isSafeInteger(number) || !server) {
    throw new ImportRefusal(msg.noAccount);
  }
  return { accountNumber: number, server };
}

function figuresOf(report: ImportedReport): AccountFigures | null {
  const s = report.summary;
  const { balance, equity } = s;
  if (balance === undefined || equity === undefined) return null;
  return {
    balance,
    equity,
    margin: s.margin ?? 0,
    free_margin: s.free_margin ?? equity,
    margin_level: s.margin_level_pct ?? 0,
    profit: s.floating_pl ?? 0,
  };
}

const MARGIN_MODES = new Set<string>(['hedging', 'netting', 'exchange']);

/**
 * A report whose header names no margin mode and whose deals prove none is read in the mode
 * its account already has (the agent's, or what an earlier import proved): a later statement of
 * a hedging account, too short to prove it, would otherwise be read as netting (its overlapping
 * positions merged) and turn the account's mode to netting.
 */
async function withKnownMarginMode(
  db: Queryable,
  userId: number,
  identity: Identity,
  report: ImportedReport,
): Promise<ImportedReport> {
  if (report.account.margin_mode !== null) return report;
  const stored = await storedMarginMode(db, userId, identity.accountNumber, identity.server);
  if (stored === undefined || !MARGIN_MODES.has(stored)) return report;
  const margin_mode = stored as NonNullable<ImportedReport['account']['margin_mode']>;
  return { ...report, account: { ...report.account, margin_mode } };
}

/** Ends the import's connection: rolled back, or closed when that fails (a broken COPY). */
async function abandon(client: pg.PoolClient, staging: ImportStaging | undefined, err: unknown) {
  try {
    await staging?.abort();
    await client.query('ROLLBACK');
    client.release();
  } catch {
    client.release(err instanceof Error ? err : true);
  }
}

export interface ImportOptions {
  targetId?: number | undefined;
  onProgress?: (bytes: number, total?: number) => void;
  onParsed?: () => void;
  onStored?: (rows: number, of: number) => void;
  fileName?: string | undefined;
}

/**
 * Reads the terminal's report at `path` into the user's account of its number and server, the
 * same account the agent feeds when it is connected (issue 26: one account is one account;
 * `targetId`: an existing account, which must be the report's). One transaction, opened before
 * the file is read: its rows are COPYed into staging tables as they are read (import-staging.ts),
 * so the server holds a chunk at a time, not the report; the file's own totals are checked at
 * its end, and only then are the rows moved into the account. A refused or failed import leaves
 * nothing. Deals are keyed by ticket, so a statement of a connected account or an overlapping
 * period adds only the deals it lacks (an order's newest copy replaces the stored one); the
 * positions are built before the answer.
 */
export async function importReport(
  deps: ReportImportDeps,
  userId: number,
  path: string,
  options: ImportOptions = {},
): Promise<ReportImportResponse['data']> {
  const client = await deps.pool.connect();
  let staging: ImportStaging | undefined;
  let stored: Stored;
  try {
    await client.query('BEGIN');
    staging = await ImportStaging.open(client);
    stored = await readAndStore(client, staging, userId, path, options);
    await client.query('COMMIT');
    client.release();
  } catch (err) {
    await abandon(client, staging, err);
    refusedValue(err);
  }
  const { accountId, added, report, read, orders } = stored;
  await deps.follower.catchUp(accountId);
  const [summary, positions] = await Promise.all([
    ownAccount(deps.pool, userId, accountId),
    closedPositionsCount(deps.pool, accountId),
  ]);
  if (!summary) throw new HttpError(404, accountMessages.notYours);
  return {
    account: summary,
    report_kind: report.kind,
    source: report.source,
    deals: { read, new: added, already_stored: read - added },
    merged: stored.existed,
    summary: importSummaryMessages.deals(read - added, added),
    orders,
    positions,
  };
}

interface Stored {
  accountId: number;
  existed: boolean;
  added: number;
  report: ImportedReport;
  /** Deals and orders the file held. */
  read: number;
  orders: number;
}

/** The import inside its transaction: read into staging, checked, then into the account. */
async function readAndStore(
  tx: pg.PoolClient,
  staging: ImportStaging,
  userId: number,
  path: string,
  options: ImportOptions,
): Promise<Stored> {
  const sink = new StagingSink(staging);
  const parsed = await parseMt5Report(path, {
    onProgress: options.onProgress,
    sink,
    pace: () => staging.pace(),
  });
  await staging.end();
  options.onParsed?.();
  const identity = identityOf(parsed);
  const report = await withKnownMarginMode(tx, userId, identity, parsed);
  const account = report.account;
  if (options.targetId !== undefined) {
    const target = await ownAccount(tx, userId, options.targetId);
    if (!target) throw new HttpError(404, accountMessages.notYours);
    if (target.account_number !== identity.accountNumber || target.server !== identity.server) {
      throw new ImportRefusal(
        msg.otherAccount(
          `${identity.accountNumber} (${identity.server})`,
          `${target.account_number} (${target.server})`,
        ),
      );
    }
  }
  const { id, existed, agent_fed } = await upsertAccountForImport(
    tx,
    {
      userId,
      ...identity,
      company: account.company ?? '',
      currency: account.currency ?? 'BRL',
      marginMode: account.margin_mode ?? 'netting',
      tradeMode: account.mode ?? 'demo',
    },
    { fileName: options.fileName ?? null, from: sink.from, to: sink.to },
  );
  const figures = figuresOf(report);
  // A report that says not when it was written counts as written now.
  const at = report.generated_at === null ? Date.now() : wallClockToEpoch(report.generated_at);
  if (figures) await setImportedFigures(tx, id, figures, new Date(at));
  const hedging = account.margin_mode === 'hedging';
  // the agent's copy of an order it sent stays: the report's is what the page printed
  if (sink.orders > 0) await storeStagedOrders(tx, id, hedging, agent_fed);
  const read = sink.deals;
  let added = 0;
  for (let after = 0; after < read; after += BATCH) {
    const upTo = Math.min(after + BATCH, read);
    added += await storeStagedDeals(tx, id, hedging, after, upTo);
    options.onStored?.(upTo, read);
  }
  return { accountId: id, existed, added, report, read, orders: sink.orders };
}
