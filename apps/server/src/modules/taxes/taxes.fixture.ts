import type { Mt5Deal, TaxDeal } from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import { upsertImportedAccount } from '../accounts/accounts.repo.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';
import { importRouteMessages } from '../reports/report-import.messages.js';
import { STATEMENT_DEAL_COLUMNS, StatementDealRow } from '../reports/reports.repo.js';

/** The tax tests' accounts and deals, stored as the agent's and the import's writers store them. */
let ticket = 1;

/** Epoch ms of São Paulo wall time '2026-09-10 10:00' (Brazil is UTC−3, no daylight saving). */
export const spTime = (at: string) => Date.parse(`${at.replace(' ', 'T')}:00-03:00`);

function deal(at: string, over: Partial<Mt5Deal>): Mt5Deal {
  const time_msc = spTime(at);
  const t = ticket++;
  return {
    ticket: t,
    order: t,
    position_id: 0,
    symbol: 'WINV26',
    type: 0,
    entry: 0,
    volume: 1,
    price: 130_000,
    profit: 0,
    commission: 0,
    fee: 0,
    swap: 0,
    magic: 0,
    reason: 0,
    comment: '',
    time: Math.floor(time_msc / 1000),
    time_msc,
    ...over,
  };
}

/** A position bought at `open` and sold at `close` for `profit` reais (costs as given). */
export function roundTrip(
  open: string,
  close: string,
  profit: number,
  over: Partial<Mt5Deal> = {},
): Mt5Deal[] {
  const position_id = ticket + 100_000;
  return [
    deal(open, { ...over, position_id, type: 0, entry: 0 }),
    deal(close, { ...over, position_id, type: 1, entry: 1, profit }),
  ];
}

/** A deposit: a deal that is no trade (type 2). */
export const deposit = (at: string, amount: number) =>
  deal(at, { type: 2, entry: 0, volume: 0, profit: amount, symbol: '' });

export async function liveAccount(
  pool: pg.Pool,
  userId: number,
  accountNumber: number,
  currency = 'BRL',
  tradeMode: 'real' | 'demo' = 'real',
): Promise<number> {
  return upsertAccount(pool, {
    userId,
    accountNumber,
    server: tradeMode === 'real' ? 'XPMT5-PRD' : 'XPMT5-DEMO',
    company: 'XP',
    currency,
    marginMode: 'netting',
    tradeMode,
  });
}

/** An imported account history (kind 'imported', its own number). */
export async function importedAccount(
  pool: pg.Pool,
  userId: number,
  accountNumber: number,
): Promise<number> {
  return upsertImportedAccount(pool, {
    userId,
    accountNumber,
    server: 'ClearMT5-PRD',
    company: 'Clear',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'real',
  });
}

/** An imported Strategy Tester report, stored as the import stores one (number 0). */
export async function testerAccount(pool: pg.Pool, userId: number): Promise<number> {
  return upsertImportedAccount(pool, {
    userId,
    accountNumber: 0,
    server: `${importRouteMessages.testerServer}: Vortex · WIN$N · M5 · 1a2b3c`,
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
}

export async function storeDeals(pool: pg.Pool, accountId: number, deals: Mt5Deal[]) {
  await insertDeals(pool, accountId, deals);
}

const StoredDealRow = StatementDealRow.extend({ account_id: z.number() });

/** The stored deals as core's TaxDeal, mapped here on their own (not by the server's mapping). */
export async function storedTaxDeals(pool: pg.Pool, accountIds: number[]): Promise<TaxDeal[]> {
  const rows = await rowsOf(
    pool,
    StoredDealRow,
    `SELECT account_id, ${STATEMENT_DEAL_COLUMNS}
     FROM deals WHERE account_id = ANY($1::bigint[]) AND type IN (0, 1)`,
    [accountIds],
  );
  const entries = ['IN', 'OUT', 'INOUT', 'OUT_BY'] as const;
  return rows.map((r) => ({
    account_id: String(r.account_id),
    ticket: String(r.ticket),
    position_id: r.position_id === 0 ? null : String(r.position_id),
    symbol: r.symbol,
    type: r.type === 0 ? 'BUY' : 'SELL',
    entry: entries[r.entry] ?? null,
    volume: r.volume,
    price: r.price,
    time: r.time_msc,
    profit: r.profit,
    commission: r.commission,
    fee: r.fee,
    swap: r.swap,
  }));
}
