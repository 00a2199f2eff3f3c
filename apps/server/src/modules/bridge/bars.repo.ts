import type { Bar, Timeframe } from '@vortex/core';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/** A stored bar: the agent's bounds hold (CHECK bars_within_agent_limits), so the shape is enough. */
const BarRow = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  tick_volume: z.number().int(),
  volume: z.number(),
}) satisfies z.ZodType<Bar>;

/** Stores a batch of bars in one statement; a bar already held is replaced by the newer one. */
export async function upsertBars(
  db: Queryable,
  accountId: number,
  symbol: string,
  timeframe: Timeframe,
  bars: Bar[],
): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO bars (account_id, symbol, timeframe, time, open, high, low, close, tick_volume, volume)
     SELECT $1, $2, $3, * FROM unnest($4::bigint[], $5::float8[], $6::float8[], $7::float8[],
                                      $8::float8[], $9::bigint[], $10::float8[])
     ON CONFLICT (account_id, symbol, timeframe, time) DO UPDATE SET
       open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
       tick_volume = EXCLUDED.tick_volume, volume = EXCLUDED.volume`,
    [
      accountId,
      symbol,
      timeframe,
      bars.map((b) => b.time),
      bars.map((b) => b.open),
      bars.map((b) => b.high),
      bars.map((b) => b.low),
      bars.map((b) => b.close),
      bars.map((b) => b.tick_volume),
      bars.map((b) => b.volume),
    ],
  );
  return rowCount ?? 0;
}

/** The newest `limit` bars of a symbol, oldest first. */
export async function recentBars(
  db: Queryable,
  accountId: number,
  symbol: string,
  timeframe: Timeframe,
  limit: number,
): Promise<Bar[]> {
  return rowsOf(
    db,
    BarRow,
    `SELECT time, open, high, low, close, tick_volume, volume FROM (
       SELECT * FROM bars WHERE account_id = $1 AND symbol = $2 AND timeframe = $3
       ORDER BY time DESC LIMIT $4) b ORDER BY time`,
    [accountId, symbol, timeframe, limit],
  );
}
