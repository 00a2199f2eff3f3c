import { setImmediate as yieldLoop } from 'node:timers/promises';
import { taxDays, type TaxDay, type TaxLedger, type TaxOperation } from '@vortex/core';
import type pg from 'pg';
import { taxDealPages } from './tax-deals.repo.js';

/**
 * Feeds the ledger every trade of the accounts in time order, a page at a time, letting other
 * requests run between pages: a million deals are seconds of CPU, never one long block.
 */
export async function feedLedger(
  pool: pg.Pool,
  accountIds: readonly number[],
  ledger: TaxLedger,
): Promise<void> {
  if (accountIds.length === 0) return;
  const client = await pool.connect();
  try {
    for await (const deals of taxDealPages(client, accountIds)) {
      for (const deal of deals) ledger.add(deal);
      await yieldLoop();
    }
  } finally {
    client.release();
  }
}

/** Operations handed to taxDays at a time (whole days) before the loop is let go. */
const DAYS_SLICE = 5_000;

/**
 * core's taxDays over the ledger's operations, a run of whole days at a time with the loop let
 * go between runs: a long history's grouping is seconds of CPU. The ledger writes operations in
 * deal order, so each day's are contiguous and a run of days is computed as taxDays would.
 */
export async function taxDaysOf(operations: readonly TaxOperation[]): Promise<TaxDay[]> {
  const days: TaxDay[] = [];
  let start = 0;
  while (start < operations.length) {
    let end = Math.min(start + DAYS_SLICE, operations.length);
    const lastDay = operations[end - 1]?.day;
    while (end < operations.length && operations[end]?.day === lastDay) end++;
    days.push(...taxDays(operations.slice(start, end)));
    start = end;
    if (start < operations.length) await yieldLoop();
  }
  return days;
}
