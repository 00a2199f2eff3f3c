import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import type { TimeRange } from './trading-range.js';

/** Sums over a set of positions, before the rates and the profit factor are taken. */
export interface PositionSums {
  count: number;
  wins: number;
  losses: number;
  net: number;
  grossProfit: number;
  grossLoss: number;
  commission: number;
  fee: number;
  swap: number;
}

const SumsRow = z.object({
  count: z.number(),
  wins: z.number(),
  losses: z.number(),
  net: z.number(),
  gross_profit: z.number(),
  gross_loss: z.number(),
  commission: z.number(),
  fee: z.number(),
  swap: z.number(),
});

// The net as core's netProfitOf adds it (same order, so the same double per position), a
// non-finite one counting 0. One range scan of closed_positions_account_close_idx; the magic is
// a filter on the rows it finds, as the screens filter the positions they read.
const SUMS = `
  WITH p AS (
    SELECT CASE WHEN n IN ('Infinity', '-Infinity', 'NaN') THEN 0 ELSE n END AS net,
           commission, fee, swap
    FROM (SELECT profit + commission + fee + swap AS n, commission, fee, swap
          FROM closed_positions
          WHERE account_id = $1 AND close_time >= $2 AND close_time <= $3
            AND ($4::bigint IS NULL OR magic = $4)) s
  )
  SELECT count(*)::int AS count,
         (count(*) FILTER (WHERE net > 0))::int AS wins,
         (count(*) FILTER (WHERE net < 0))::int AS losses,
         coalesce(sum(net), 0) AS net,
         coalesce(sum(net) FILTER (WHERE net > 0), 0) AS gross_profit,
         coalesce(sum(net) FILTER (WHERE net < 0), 0) AS gross_loss,
         coalesce(sum(commission), 0) AS commission,
         coalesce(sum(fee), 0) AS fee,
         coalesce(sum(swap), 0) AS swap
  FROM p`;

/** The stored positions' sums closed in the range (both ends included), of the magic if given. */
export async function storedPositionSums(
  db: pg.ClientBase,
  accountId: number,
  range: TimeRange,
  magic: number | undefined,
): Promise<PositionSums> {
  const r = await oneRow(db, SumsRow, SUMS, [accountId, range.from, range.to, magic ?? null]);
  return {
    count: r.count,
    wins: r.wins,
    losses: r.losses,
    net: r.net,
    grossProfit: r.gross_profit,
    grossLoss: r.gross_loss,
    commission: r.commission,
    fee: r.fee,
    swap: r.swap,
  };
}
