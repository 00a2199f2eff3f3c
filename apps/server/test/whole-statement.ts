/**
 * The statement as the server built it before it was streamed (issue 26): every deal and order
 * of the period read at once into a StatementModel. Kept as the reference the streamed route is
 * compared with (reports' statement-stream int test, bench/any-period.bench.ts); not served.
 */
import {
  buildStatement,
  MS_PER_DAY,
  reportMessages,
  type Mt5ReportRequestSchema,
  type StatementDeal,
  type StatementModel,
} from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import { HttpError } from '../src/http/http-error.js';
import {
  balanceBefore,
  currentAccountOf,
  dealsBetween,
  earlierDealsOf,
  openPositionsOf,
  pendingOrdersOf,
} from '../src/modules/reports/reports.repo.js';
import { reportPeriod } from '../src/modules/reports/reports.service.js';
import { historyOrdersFor, symbolDigitsOf } from '../src/modules/reports/statement-orders.repo.js';

type Request = z.infer<typeof Mt5ReportRequestSchema>;

function positionsMissingOpenings(deals: readonly StatementDeal[]): number[] {
  const opened = new Set<number>();
  const closed = new Set<number>();
  for (const d of deals) {
    if ((d.type !== 0 && d.type !== 1) || d.position_id === 0) continue;
    if (d.entry === 0) opened.add(d.position_id);
    else closed.add(d.position_id);
  }
  return [...closed].filter((id) => !opened.has(id));
}

const LOOKBACKS = [7 * MS_PER_DAY, Number.POSITIVE_INFINITY];

async function earlierOpenings(
  pool: pg.Pool,
  accountId: number,
  deals: readonly StatementDeal[],
  from: number,
): Promise<StatementDeal[]> {
  const found: StatementDeal[] = [];
  let missing = positionsMissingOpenings(deals);
  let searchedFrom = from;
  for (const lookback of LOOKBACKS) {
    if (missing.length === 0 || searchedFrom <= 0) break;
    const since = Math.max(0, from - lookback);
    const earlier = await earlierDealsOf(pool, accountId, missing, since, searchedFrom);
    for (const deal of earlier) found.push(deal);
    const opened = new Set(earlier.filter((d) => d.entry === 0).map((d) => d.position_id));
    missing = missing.filter((id) => !opened.has(id));
    searchedFrom = since;
  }
  return found;
}

/** The statement of the user's current account over the requested period, built whole. */
export async function wholeStatementOf(
  pool: pg.Pool,
  userId: number,
  request: Request,
  now: number,
): Promise<StatementModel> {
  const account = await currentAccountOf(pool, userId);
  if (!account) throw new HttpError(404, reportMessages.noAccount);
  const { from, to } = await reportPeriod(
    pool,
    account.id,
    { range: request.date_range, start: request.start, end: request.end },
    now,
  );
  const [deals, startBalance, openPositions, workingOrders, symbolDigits] = await Promise.all([
    dealsBetween(pool, account.id, from, to),
    balanceBefore(pool, account.id, from, account.figures?.balance ?? null),
    openPositionsOf(pool, account.id),
    pendingOrdersOf(pool, account.id),
    symbolDigitsOf(pool, account.id),
  ]);
  const positionIds = [
    ...new Set(deals.filter((d) => d.position_id > 0).map((d) => d.position_id)),
  ];
  return buildStatement({
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
    deals,
    priorDeals: await earlierOpenings(pool, account.id, deals, from),
    openPositions,
    workingOrders,
    historyOrders: await historyOrdersFor(pool, account.id, from, to, positionIds),
    symbolDigits,
    reportType: request.report_type,
    language: request.language,
  });
}
