import { z } from 'zod';
import type { Queryable } from '../lib/db-types.js';
import { oneRow } from './rows.js';

const WINDOW_S = 60 * 60;

/**
 * Takes one of `key`'s `perHour` uses of `kind` in the shared abuse counters (rate_events,
 * pruned after a day by housekeeping), inside the caller's transaction: the advisory lock makes
 * concurrent requests (on any instance) count one after another, and a rollback gives the use
 * back. Answers the seconds until one frees up when none is left.
 */
export async function takeHourlyQuota(
  tx: Queryable,
  kind: string,
  key: string,
  perHour: number,
): Promise<{ retryAfterS: number } | undefined> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1 || ':' || $2, 0))", [kind, key]);
  const quota = await oneRow(
    tx,
    z.object({ n: z.number().int(), retry_s: z.number().int().nullable() }),
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM min(created_at) + make_interval(secs => $3) - now()))::int AS retry_s
     FROM rate_events
     WHERE kind = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
    [kind, key, WINDOW_S],
  );
  if (quota.n >= perHour) return { retryAfterS: Math.max(1, quota.retry_s ?? 1) };
  await tx.query('INSERT INTO rate_events (kind, key) VALUES ($1, $2)', [kind, key]);
  return undefined;
}
