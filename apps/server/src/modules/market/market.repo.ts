import type { Bar, Timeframe } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

/** The newest `limit` stored bars with from <= time <= to (epoch s), oldest first. */
export async function barsBetween(
  db: Queryable,
  accountId: number,
  symbol: string,
  timeframe: Timeframe,
  window: { from: number; to: number; limit: number },
): Promise<Bar[]> {
  const { rows } = await db.query<Bar>(
    `SELECT time, open, high, low, close, tick_volume, volume FROM (
       SELECT * FROM bars
       WHERE account_id = $1 AND symbol = $2 AND timeframe = $3 AND time BETWEEN $4 AND $5
       ORDER BY time DESC LIMIT $6) b ORDER BY time`,
    [accountId, symbol, timeframe, window.from, window.to, window.limit],
  );
  return rows;
}

/** Opening time (epoch s) of the newest stored bar of a symbol, by timeframe. */
export async function newestBarTimes(
  db: Queryable,
  accountId: number,
  symbol: string,
): Promise<Map<Timeframe, number>> {
  const { rows } = await db.query<{ timeframe: Timeframe; time: number }>(
    `SELECT timeframe, max(time) AS time FROM bars
     WHERE account_id = $1 AND symbol = $2 GROUP BY timeframe`,
    [accountId, symbol],
  );
  return new Map(rows.map((r) => [r.timeframe, r.time]));
}
