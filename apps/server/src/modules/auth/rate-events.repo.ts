import type { Queryable } from '../../lib/db-types.js';

export type RateKind =
  'login_fail_account' | 'login_fail_ip' | 'forgot_account' | 'forgot_ip' | 'register_ip';

export async function countRecent(
  db: Queryable,
  kind: RateKind,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_events
     WHERE kind = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
    [kind, key, windowSeconds],
  );
  return rows[0]?.n ?? 0;
}

export async function recordEvent(db: Queryable, kind: RateKind, key: string): Promise<void> {
  await db.query('INSERT INTO rate_events (kind, key) VALUES ($1, $2)', [kind, key]);
}

export async function clearEvents(db: Queryable, kind: RateKind, key: string): Promise<void> {
  await db.query('DELETE FROM rate_events WHERE kind = $1 AND key = $2', [kind, key]);
}

/** Counters older than a day no longer decide anything. */
export async function pruneEvents(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM rate_events WHERE created_at < now() - interval '1 day'",
  );
  return rowCount ?? 0;
}
