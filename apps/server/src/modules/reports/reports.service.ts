import {
  MS_PER_DAY,
  reportMessages,
  type Mt5ReportRequestSchema,
  type StatementDeal,
  type StatementSources,
  type StatementStreamInput,
} from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import type { Queryable } from '../../lib/db-types.js';
import { historySpanOfAccount } from '../trading/history-span.js';
import { resolvePeriod, type PeriodQuery, type TimeRange } from '../trading/trading-range.js';
import {
  balanceBefore,
  currentAccountOf,
  earlierDealsOf,
  openPositionsOf,
  pendingOrdersOf,
} from './reports.repo.js';
import {
  hasHistoryOrders,
  ordersOfPositions,
  periodDeals,
  periodDealsByOrder,
  periodHistoryOrders,
  periodTradeDeals,
  positionsOpenedBefore,
} from './statement-cursors.repo.js';
import { symbolDigitsOf } from './statement-orders.repo.js';

/**
 * The report's period, both ends included, as the summary's: N São Paulo calendar days, a
 * custom 'De / Até', or the whole history. An open start begins at the account's first deal,
 * so the statement's header names the period the data has rather than 1970.
 */
export async function reportPeriod(
  db: Queryable,
  accountId: number,
  request: PeriodQuery,
  now: number,
): Promise<TimeRange> {
  const period = resolvePeriod(request, now);
  if (period.from > 0) return period;
  const { first_deal_at: first } = await historySpanOfAccount(db, accountId);
  return { from: Math.min(first ?? period.to, period.to), to: period.to };
}

// Openings are looked for a week back first (the time index bounds the scan), then anywhere.
const LOOKBACKS = [7 * MS_PER_DAY, Number.POSITIVE_INFINITY];

/**
 * The earlier deals of the positions closed in the period whose opening is not in it: they
 * complete the Positions and the Results, as /statistics counts every position closed in it.
 */
export async function earlierOpenings(
  db: pg.PoolClient,
  accountId: number,
  from: number,
  to: number,
): Promise<StatementDeal[]> {
  const found: StatementDeal[] = [];
  let missing = await positionsOpenedBefore(db, accountId, from, to);
  let searchedFrom = from;
  for (const lookback of LOOKBACKS) {
    if (missing.length === 0 || searchedFrom <= 0) break;
    const since = Math.max(0, from - lookback);
    const earlier = await earlierDealsOf(db, accountId, missing, since, searchedFrom);
    for (const deal of earlier) found.push(deal);
    const opened = new Set(earlier.filter((d) => d.entry === 0).map((d) => d.position_id));
    missing = missing.filter((id) => !opened.has(id));
    searchedFrom = since;
  }
  return found.sort((a, b) => a.time_msc - b.time_msc || a.ticket - b.ticket);
}

/** A statement ready to be written: its input, its sources, and the snapshot they read. */
export interface OpenStatement {
  input: StatementStreamInput;
  sources: StatementSources;
  /** Ends the snapshot and gives its connection back (dropped after an error); once. */
  close(error?: unknown): Promise<void>;
}

/** Names the statement's connection in pg_stat_activity while it is being written. */
export const STATEMENT_APPLICATION = 'vortex-statement';

/**
 * Opens the statement of the user's current account over the requested period: everything
 * short of its long lists is read here, so a missing account or a failing database is answered
 * before the first byte. The lists are read later by the sources, from the same snapshot (one
 * read-only REPEATABLE READ transaction): every section sees the same deals, however long the
 * writing takes. The caller must close() it.
 */
export async function openStatement(
  pool: pg.Pool,
  userId: number,
  request: z.infer<typeof Mt5ReportRequestSchema>,
  now = Date.now(),
): Promise<OpenStatement> {
  const client = await pool.connect();
  // A connection lost between two reads is reported by the next read; unheard, it would throw.
  const lost = () => undefined;
  client.on('error', lost);
  let closed = false;
  const close = async (error?: unknown) => {
    if (closed) return;
    closed = true;
    // A connection that failed mid-read is not given back to the pool.
    const broken =
      error !== undefined ||
      (await client.query('ROLLBACK').then(
        () => false,
        () => true,
      ));
    client.off('error', lost);
    client.release(broken ? true : undefined);
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL application_name = '${STATEMENT_APPLICATION}'`);
    const account = await currentAccountOf(client, userId);
    if (!account) throw new HttpError(404, reportMessages.noAccount);
    const { from, to } = await reportPeriod(
      client,
      account.id,
      { range: request.date_range, start: request.start, end: request.end },
      now,
    );
    const startBalance = await balanceBefore(
      client,
      account.id,
      from,
      account.figures?.balance ?? null,
    );
    const openPositions = await openPositionsOf(client, account.id);
    const workingOrders = await pendingOrdersOf(client, account.id);
    const symbolDigits = await symbolDigitsOf(client, account.id);
    const withOrders = await hasHistoryOrders(client, account.id);
    const prior = await earlierOpenings(client, account.id, from, to);
    const input: StatementStreamInput = {
      ownerName: account.ownerName,
      account: {
        number: account.accountNumber,
        currency: account.currency,
        server: account.server,
        company: account.company,
        tradeMode: account.tradeMode,
        marginMode: account.marginMode,
      },
      figures: account.figures,
      from,
      to,
      generatedAt: now,
      startBalance,
      openPositions,
      workingOrders,
      hasHistoryOrders: withOrders,
      symbolDigits,
      reportType: request.report_type,
      language: request.language,
    };
    const id = account.id;
    const sources: StatementSources = {
      async *positionDeals() {
        if (prior.length > 0) yield prior;
        yield* periodTradeDeals(client, id, from, to);
      },
      positionOrders: (ids, tickets) => ordersOfPositions(client, id, { from, to }, ids, tickets),
      historyOrders: () => periodHistoryOrders(client, id, from, to),
      dealsByOrder: () => periodDealsByOrder(client, id, from, to),
      deals: () => periodDeals(client, id, from, to),
    };
    return { input, sources, close };
  } catch (error) {
    await close(error instanceof HttpError ? undefined : error);
    throw error;
  }
}
