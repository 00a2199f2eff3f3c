import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import { inTransaction, type Queryable } from '../../lib/db-types.js';
import { pruneLoginRecords } from './login-failures.repo.js';

export type RateKind = 'forgot_account' | 'forgot_ip' | 'register_ip';

/**
 * The first key of the two-key advisory locks that serialise one counter's check-and-count
 * (two-key locks never collide with the one-key locks of migrations and backups).
 */
export const RATE_LOCK_SPACE = 0x52415445;

const CountRow = z.object({ n: z.number().int() });

export async function countRecent(
  db: Queryable,
  kind: RateKind,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const { n } = await oneRow(
    db,
    CountRow,
    `SELECT count(*)::int AS n FROM rate_events
     WHERE kind = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
    [kind, key, windowSeconds],
  );
  return n;
}

export async function recordEvent(db: Queryable, kind: RateKind, key: string): Promise<void> {
  await db.query('INSERT INTO rate_events (kind, key) VALUES ($1, $2)', [kind, key]);
}

/** Takes back the newest event of a counter: an attempt that failed on our side is not spent. */
export async function forgetLatestEvent(db: Queryable, kind: RateKind, key: string): Promise<void> {
  await db.query(
    `DELETE FROM rate_events WHERE ctid = (
       SELECT ctid FROM rate_events WHERE kind = $1 AND key = $2 ORDER BY created_at DESC LIMIT 1)`,
    [kind, key],
  );
}

/**
 * Counts one attempt when fewer than `max` were counted in the window, atomically, so that
 * parallel attempts cannot all slip under the limit; false (and nothing written) when full.
 */
export async function takeSlot(
  pool: pg.Pool,
  kind: RateKind,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<boolean> {
  return inTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      RATE_LOCK_SPACE,
      `${kind}:${key}`,
    ]);
    if ((await countRecent(tx, kind, key, windowSeconds)) >= max) return false;
    await recordEvent(tx, kind, key);
    return true;
  });
}

/** Counters older than a day no longer decide anything; nor do the login records' old rows. */
export async function pruneEvents(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM rate_events WHERE created_at < now() - interval '1 day'",
  );
  return (rowCount ?? 0) + (await pruneLoginRecords(db));
}
