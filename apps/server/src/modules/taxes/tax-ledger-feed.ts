import { setImmediate as yieldLoop } from 'node:timers/promises';
import {
  taxDays,
  type TaxDay,
  type TaxDeal,
  type TaxLedger,
  type TaxOperation,
} from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import { taxDealsPage, type DealsCursor } from './tax-deals.repo.js';

interface Stream {
  readonly id: number;
  deals: TaxDeal[];
  at: number;
  next: DealsCursor | null;
}

/** Time first, then account, then ticket: the order the ledger wants its deals in. */
function comesFirst(a: TaxDeal, aId: number, b: TaxDeal, bId: number): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (aId !== bId) return aId < bId;
  return Number(a.ticket) < Number(b.ticket);
}

async function fill(db: Queryable, s: Stream, after: DealsCursor | null): Promise<void> {
  const page = await taxDealsPage(db, s.id, after);
  s.deals = page.deals;
  s.at = 0;
  s.next = page.next;
  // The page's deals are fed in one go: let other requests run between two pages.
  await yieldLoop();
}

/**
 * Feeds the ledger every trade of the accounts in (time, account, ticket) order, a page of each
 * account at a time merged in memory: one index range per account instead of a sort of them all,
 * and at most a page per account held, however long the history.
 */
export async function feedLedger(
  db: Queryable,
  accountIds: readonly number[],
  ledger: TaxLedger,
): Promise<void> {
  const streams: Stream[] = accountIds.map((id) => ({ id, deals: [], at: 0, next: null }));
  for (const s of streams) await fill(db, s, null);
  for (;;) {
    let best: Stream | undefined;
    for (const s of streams) {
      const head = s.deals[s.at];
      const bestHead = best?.deals[best.at];
      if (head && (!best || !bestHead || comesFirst(head, s.id, bestHead, best.id))) best = s;
    }
    const deal = best?.deals[best.at];
    if (!best || !deal) return;
    ledger.add(deal);
    best.at++;
    if (best.at === best.deals.length && best.next) await fill(db, best, best.next);
  }
}

/** Operations grouped per call of taxDays before the loop is let go. */
const DAYS_SLICE = 20_000;

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
