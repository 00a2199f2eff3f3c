import { TimeframeSchema, type Bar, type Timeframe } from '@vortex/core';
import { z } from 'zod';
import { fieldRows } from '../../db/row-columns.js';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

// Up to 60,000 M1 bars a read (an H1 chart folded from M1): checked field by field, as zod cost
// 11 % of such a read.
const BAR_FIELDS = {
  time: 'number',
  open: 'number',
  high: 'number',
  low: 'number',
  close: 'number',
  tick_volume: 'number',
  volume: 'number',
} as const;

const BARS_SQL = `SELECT time, open, high, low, close, tick_volume, volume FROM (
       SELECT * FROM bars
       WHERE account_id = $1 AND symbol = $2 AND timeframe = $3 AND time BETWEEN $4 AND $5
       ORDER BY time DESC LIMIT $6) b ORDER BY time`;

const NewestBarRow = z.object({ timeframe: TimeframeSchema, time: z.number() });

/** The newest `limit` stored bars with from <= time <= to (epoch s), oldest first. */
export async function barsBetween(
  db: Queryable,
  accountId: number,
  symbol: string,
  timeframe: Timeframe,
  window: { from: number; to: number; limit: number },
): Promise<Bar[]> {
  const { rows } = await db.query(BARS_SQL, [
    accountId,
    symbol,
    timeframe,
    window.from,
    window.to,
    window.limit,
  ]);
  return fieldRows(rows, BAR_FIELDS, BARS_SQL);
}

/** Opening time (epoch s) of the newest stored bar of a symbol, by timeframe. */
export async function newestBarTimes(
  db: Queryable,
  accountId: number,
  symbol: string,
): Promise<Map<Timeframe, number>> {
  const rows = await rowsOf(
    db,
    NewestBarRow,
    `SELECT timeframe, max(time) AS time FROM bars
     WHERE account_id = $1 AND symbol = $2 GROUP BY timeframe`,
    [accountId, symbol],
  );
  return new Map(rows.map((r) => [r.timeframe, r.time]));
}
