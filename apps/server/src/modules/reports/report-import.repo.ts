import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/** The shared abuse counters (rate_events, pruned after a day by housekeeping). */
const QUOTA_KIND = 'report_import_user';
const QUOTA_WINDOW_S = 60 * 60;

/**
 * Counts one of the user's imports for the hour, inside a transaction: the advisory lock makes
 * concurrent uploads (on any instance) count one after another. Every attempt counts, refused
 * ones too (a refused zip bomb cost the server as much as an import). Answers the seconds until
 * one frees up when none is left.
 */
export async function takeImportQuota(
  tx: Queryable,
  userId: number,
  perHour: number,
): Promise<{ retryAfterS: number } | undefined> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('report-import:' || $1, 0))", [
    userId,
  ]);
  const quota = await oneRow(
    tx,
    z.object({ n: z.number().int(), retry_s: z.number().int().nullable() }),
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM min(created_at) + make_interval(secs => $3) - now()))::int AS retry_s
     FROM rate_events
     WHERE kind = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
    [QUOTA_KIND, String(userId), QUOTA_WINDOW_S],
  );
  if (quota.n >= perHour) return { retryAfterS: Math.max(1, quota.retry_s ?? 1) };
  await tx.query('INSERT INTO rate_events (kind, key) VALUES ($1, $2)', [
    QUOTA_KIND,
    String(userId),
  ]);
  return undefined;
}
