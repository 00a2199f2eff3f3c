import type { HistorySpan } from '@vortex/core';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { currentAccountOf } from './trading.repo.js';

const SpanRow = z.object({ first: z.number().nullable(), last: z.number().nullable() });

/** When an account's stored deals begin and end (epoch ms); two index probes, whatever its size. */
export async function historySpanOfAccount(db: Queryable, accountId: number): Promise<HistorySpan> {
  const row = await oneRow(
    db,
    SpanRow,
    `SELECT (SELECT time_msc FROM deals WHERE account_id = $1 ORDER BY time_msc LIMIT 1) AS first,
            (SELECT time_msc FROM deals WHERE account_id = $1 ORDER BY time_msc DESC LIMIT 1) AS last`,
    [accountId],
  );
  return { first_deal_at: row.first, last_deal_at: row.last };
}

/** GET /trading/history-span: the span of the user's current account, nulls without one. */
export async function historySpanOf(db: Queryable, userId: number): Promise<HistorySpan> {
  const account = await currentAccountOf(db, userId);
  if (!account) return { first_deal_at: null, last_deal_at: null };
  return historySpanOfAccount(db, account.id);
}
