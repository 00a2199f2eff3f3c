import { DEAL_ENTRIES, type TaxDeal } from '@vortex/core';
import type pg from 'pg';
import { columnRows } from '../../db/row-columns.js';

/** Deals fetched at a time: a page's mapping and feeding stay well under 100 ms of the loop. */
export const TAX_DEALS_PAGE = 20_000;

type Row = [
  accountId: number,
  ticket: number,
  positionId: number,
  symbol: string,
  type: number,
  entry: number,
  volume: number,
  price: number,
  profit: number,
  commission: number,
  fee: number,
  swap: number,
  timeMsc: number,
];

/** What pg sends for Row's columns (bigints as numbers: database.ts), checked by columnRows. */
const ROW_KINDS = [
  'number',
  'number',
  'number',
  'string',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
] as const;
const FETCH_PAGE = `FETCH ${TAX_DEALS_PAGE} FROM tax_deals`;

/** A stored deal as the tax reads it; only buys and sells (type 0, 1) are asked for. */
export function taxDealOf(row: Row): TaxDeal {
  const [accountId, ticket, positionId, symbol, type, entry, volume, price, profit] = row;
  const [, , , , , , , , , commission, fee, swap, time] = row;
  return {
    account_id: String(accountId),
    ticket: String(ticket),
    // MT5's position id 0 is a deal outside any position.
    position_id: positionId === 0 ? null : String(positionId),
    symbol,
    type: type === 0 ? 'BUY' : 'SELL',
    entry: DEAL_ENTRIES[entry] ?? null,
    volume: Math.abs(volume),
    price,
    time,
    profit,
    commission,
    fee,
    swap,
  };
}

/**
 * The accounts' trades in (time, account, ticket) order, a page at a time, from one cursor in
 * one read-only transaction: the database sorts once, whatever plan its statistics lead it to.
 * Keyset pages on (time, ticket) sorted the whole remainder again for every page when a million
 * deals had just been stored and not yet analysed: 37 s for their first read here, 7–11 s so.
 */
export async function* taxDealPages(
  client: pg.PoolClient,
  accountIds: readonly number[],
): AsyncGenerator<TaxDeal[]> {
  await client.query('BEGIN READ ONLY');
  let committed = false;
  // finally, not catch: a consumer that stops early (a throw in its loop) ends the generator there.
  try {
    await client.query(
      `DECLARE tax_deals NO SCROLL CURSOR FOR
       SELECT account_id, ticket, position_id, symbol, type, entry, volume, price, profit,
              commission, fee, swap, time_msc
       FROM deals WHERE account_id = ANY($1::bigint[]) AND type IN (0, 1)
       ORDER BY time_msc, account_id, ticket`,
      [accountIds],
    );
    for (;;) {
      const answer = await client.query({ text: FETCH_PAGE, rowMode: 'array' });
      const rows: Row[] = columnRows(answer.rows, ROW_KINDS, FETCH_PAGE);
      if (rows.length > 0) yield rows.map(taxDealOf);
      if (rows.length < TAX_DEALS_PAGE) break;
    }
    await client.query('COMMIT');
    committed = true;
  } finally {
    if (!committed) await client.query('ROLLBACK').catch(() => undefined);
  }
}
