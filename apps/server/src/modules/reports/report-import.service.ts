import { createHash } from 'node:crypto';
import {
  accountMessages,
  importSummaryMessages,
  type ImportedReport,
  type Mt5Deal,
  type ReportImportResponse,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import {
  closedPositionsCount,
  ownAccount,
  setImportedFigures,
  storedMarginMode,
  upsertAccountForImport,
  type AccountFigures,
} from '../accounts/accounts.repo.js';
import { upsertHistoryOrders } from '../bridge/history-orders.repo.js';
import { insertDeals } from '../bridge/trading-ingest.repo.js';
import type { PositionsFollower } from '../trading/positions-follower.js';
import { parseMt5Report } from './import/detect.js';
import { ImportRefusal, importMessages } from './import/messages.js';
import { importedDeals, wallClockToEpoch } from './imported-deals.js';
import { importedOrders } from './imported-orders.js';
import { importRouteMessages as msg } from './report-import.messages.js';

export interface ReportImportDeps {
  pool: pg.Pool;
  follower: Pick<PositionsFollower, 'catchUp'>;
}

/** Deals per INSERT: the agent's batch bound. */
const BATCH = 5_000;

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

async function storeDeals(
  tx: pg.PoolClient,
  accountId: number,
  deals: Mt5Deal[],
  onStored?: (rows: number, of: number) => void,
) {
  let added = 0;
  for (let i = 0; i < deals.length; i += BATCH) {
    added += await insertDeals(tx, accountId, deals.slice(i, i + BATCH));
    onStored?.(Math.min(i + BATCH, deals.length), deals.length);
  }
  return added;
}

/** The first and last deal's time: the period the import brought. */
function periodOf(deals: Mt5Deal[]): { from: number | null; to: number | null } {
  if (deals.length === 0) return { from: null, to: null };
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const d of deals) {
    from = Math.min(from, d.time_msc);
    to = Math.max(to, d.time_msc);
  }
  return { from, to };
}

const MARGIN_MODES = new Set<string>(['hedging', 'netting', 'exchange']);

/**
 * A report whose header names no margin mode and whose deals prove none is read in the mode
 * its account already has (the agent's, or what an earlier import proved): a later statement of
 * a hedging account, too short to prove it, would otherwise be read as netting (its overlapping
 * positions merged) and turn the account's mode to netting.
 */
async function withKnownMarginMode(
  pool: pg.Pool,
  userId: number,
  identity: Identity,
  report: ImportedReport,
): Promise<ImportedReport> {
  if (report.account.margin_mode !== null) return report;
  const stored = await storedMarginMode(pool, userId, identity.accountNumber, identity.server);
  if (stored === undefined || !MARGIN_MODES.has(stored)) return report;
  const margin_mode = stored as NonNullable<ImportedReport['account']['margin_mode']>;
  return { ...report, account: { ...report.account, margin_mode } };
}

/**
 * Reads the terminal's report at `path` into the user's account of its number and server, the
 * same account the agent feeds when it is connected (issue 26: one account is one account;
 * `targetId`: an existing account, which must be the report's). One transaction: a refused or
 * failed import leaves nothing. Deals are keyed by ticket, so a statement of a connected account
 * or an overlapping period adds only the deals it lacks (an order's newest copy replaces the
 * stored one); the positions are built before the answer.
 */
export async function importReport(
  deps: ReportImportDeps,
  userId: number,
  path: string,
  options: {
    targetId?: number | undefined;
    onProgress?: (bytes: number, total?: number) => void;
    onParsed?: () => void;
    onStored?: (rows: number, of: number) => void;
    fileName?: string | undefined;
  } = {},
): Promise<ReportImportResponse['data']> {
  const read = await parseMt5Report(path, { onProgress: options.onProgress });
  const identity = identityOf(read);
  const report = await withKnownMarginMode(deps.pool, userId, identity, read);
  const deals = importedDeals(report);
  const orders = importedOrders(report, deals);
  options.onParsed?.();
  const account = report.account;
  const { accountId, added, existed } = await inTransaction(deps.pool, async (tx) => {
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
      { fileName: options.fileName ?? null, ...periodOf(deals) },
    );
    const figures = figuresOf(report);
    // A report that says not when it was written counts as written now.
    const at = report.generated_at === null ? Date.now() : wallClockToEpoch(report.generated_at);
    if (figures) await setImportedFigures(tx, id, figures, new Date(at));
    for (let i = 0; i < orders.length; i += BATCH) {
      // the agent's copy of an order it sent stays: the report's is what the page printed
      await upsertHistoryOrders(tx, id, orders.slice(i, i + BATCH), { keepStored: agent_fed });
    }
    const stored = deals.length ? await storeDeals(tx, id, deals, options.onStored) : 0;
    return { accountId: id, added: stored, existed };
  }).catch(refusedValue);
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
    deals: { read: deals.length, new: added, already_stored: deals.length - added },
    merged: existed,
    summary: importSummaryMessages.deals(deals.length - added, added),
    orders: orders.length,
    positions,
  };
}
