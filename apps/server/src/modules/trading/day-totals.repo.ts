import { balanceAt } from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import type { DealRow } from './deal-row.js';

const MS_PER_DAY = 86_400_000;
const CREDIT = 3;
const BALANCE = 2;

interface DayTotal {
  net: number;
  operations: number;
}

/** Adds a slice of deals (any types) to the account's per-day totals (migration 22). */
export async function addDayTotals(
  db: pg.ClientBase,
  accountId: number,
  rows: readonly DealRow[],
): Promise<void> {
  const days = new Map<number, DayTotal>();
  for (const row of rows) {
    const type = row[3];
    if (type === CREDIT) continue;
    const day = Math.floor(row[12] / MS_PER_DAY);
    const total = days.get(day) ?? { net: 0, operations: 0 };
    total.net += row[7] + row[8] + row[9] + row[13];
    if (type === BALANCE) total.operations++;
    days.set(day, total);
  }
  if (days.size === 0) return;
  const entries = [...days];
  await db.query(
    `INSERT INTO deal_day_totals AS t (account_id, day, net, operations)
     SELECT $1, * FROM unnest($2::int[], $3::float8[], $4::int[])
     ON CONFLICT (account_id, day) DO UPDATE
       SET net = t.net + EXCLUDED.net, operations = t.operations + EXCLUDED.operations`,
    [
      accountId,
      entries.map(([d]) => d),
      entries.map(([, t]) => t.net),
      entries.map(([, t]) => t.operations),
    ],
  );
}

// An aggregate without GROUP BY: always one row.
const BalanceSumsRow = z.object({ before: z.number(), total: z.number(), operations: z.number() });

/**
 * reports.repo's balanceBefore from the per-day totals: whole days from the table, the deals of
 * the day holding `before` from the deals themselves. Only as current as the follower's
 * watermark: callers read it after the positions of the same version. Null when it is not
 * known: no balance reported (an imported account) and no deposit among the deals either.
 */
export async function storedBalanceBefore(
  db: Queryable,
  accountId: number,
  before: number,
  currentBalance: number | null,
): Promise<number | null> {
  const day = Math.floor(before / MS_PER_DAY);
  const r = await oneRow(
    db,
    BalanceSumsRow,
    `SELECT coalesce(sum(net) FILTER (WHERE day < $2::bigint), 0)::float8
              + (SELECT coalesce(sum(profit + commission + fee + swap), 0)::float8 FROM deals
                 WHERE account_id = $1 AND type <> 3 AND time_msc >= $2::bigint * ${MS_PER_DAY}
                   AND time_msc < $3) AS before,
            coalesce(sum(net), 0)::float8 AS total,
            coalesce(sum(operations), 0)::int AS operations
     FROM deal_day_totals WHERE account_id = $1`,
    [accountId, day, before],
  );
  // The deals alone are the balance only when they hold its deposits (a report's, an agent's).
  if (currentBalance === null && r.operations === 0) return null;
  return balanceAt(
    { netBefore: r.before, netTotal: r.total, balanceOperations: r.operations },
    currentBalance,
  );
}
