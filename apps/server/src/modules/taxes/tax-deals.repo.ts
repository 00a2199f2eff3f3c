import type { DealEntry, TaxDeal } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

/** Deals read per query: a page's rows and their mapping stay well under 100 ms of the loop. */
export const TAX_DEALS_PAGE = 20_000;

const ENTRIES: readonly DealEntry[] = ['IN', 'OUT', 'INOUT', 'OUT_BY'];

type Row = [
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

/** Where a page ends: the next one starts after it. */
export interface DealsCursor {
  time: number;
  ticket: number;
}

/** A stored deal as the tax reads it; only buys and sells (type 0, 1) are asked for. */
export function taxDealOf(accountId: string, row: Row): TaxDeal {
  const [ticket, positionId, symbol, type, entry, volume, price, profit, commission, fee] = row;
  const [, , , , , , , , , , swap, time] = row;
  return {
    account_id: accountId,
    ticket: String(ticket),
    // MT5's position id 0 is a deal outside any position.
    position_id: positionId === 0 ? null : String(positionId),
    symbol,
    type: type === 0 ? 'BUY' : 'SELL',
    entry: ENTRIES[entry] ?? null,
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
 * One account's trades after `after`, in (time, ticket) order: a keyset page on the deals'
 * (account_id, time_msc) index, so the millionth deal costs what the first did.
 */
export async function taxDealsPage(
  db: Queryable,
  accountId: number,
  after: DealsCursor | null,
  limit = TAX_DEALS_PAGE,
): Promise<{ deals: TaxDeal[]; next: DealsCursor | null }> {
  const from = after ?? { time: -1, ticket: -1 };
  const { rows } = await db.query<Row>({
    text: `SELECT ticket, position_id, symbol, type, entry, volume, price, profit, commission,
                  fee, swap, time_msc
           FROM deals
           WHERE account_id = $1 AND type IN (0, 1) AND time_msc >= $2
             AND (time_msc, ticket) > ($2, $3)
           ORDER BY time_msc, ticket LIMIT $4`,
    values: [accountId, from.time, from.ticket, limit],
    rowMode: 'array',
  });
  const id = String(accountId);
  const last = rows.at(-1);
  return {
    deals: rows.map((r) => taxDealOf(id, r)),
    next: last && rows.length === limit ? { time: last[11], ticket: last[0] } : null,
  };
}
