import type { Queryable } from '../../lib/db-types.js';

/** Rows touched per statement: each holds its locks for milliseconds, never minutes. */
export const RETENTION_BATCH = 5_000;
/** Statements per run at most; a backlog larger than that is finished by the next runs. */
const MAX_BATCHES = 200;

interface Level {
  /** The resolution thinned from, and the one its survivors get. */
  from: number;
  to: number;
  /** Rows older than this are thinned to one per bucket, whole buckets only. */
  olderThan: string;
  /** The bucket's start and end, from a row's ts (`r.ts`). Brazil keeps no daylight saving. */
  start: string;
  end: string;
}

const LEVELS: Level[] = [
  {
    from: 0,
    to: 1,
    olderThan: "interval '7 days'",
    start: "date_trunc('hour', $ts, 'UTC')",
    end: "date_trunc('hour', $ts, 'UTC') + interval '1 hour'",
  },
  {
    from: 1,
    to: 2,
    olderThan: "interval '1 year'",
    start: "date_trunc('day', $ts, 'America/Sao_Paulo')",
    end: "date_trunc('day', $ts, 'America/Sao_Paulo') + interval '1 day'",
  },
];

const at = (expr: string, ts: string) => expr.replaceAll('$ts', ts);

/** Repeats a bounded statement until it touches fewer rows than a batch; returns the total. */
async function inBatches(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = (await db.query(sql, [...params, RETENTION_BATCH])).rowCount ?? 0;
    total += n;
    if (n < RETENTION_BATCH) break;
  }
  return total;
}

/**
 * Thins the account history: past 7 days only the last row of each hour is kept, past a year
 * the last of each São Paulo day. A row goes when a later one shares its bucket, so the answer
 * does not depend on how the batches split the rows; survivors of whole buckets are then marked.
 */
export async function thinAccountSnapshots(db: Queryable, now = new Date()): Promise<number> {
  let dropped = 0;
  for (const l of LEVELS) {
    // Whole buckets only: the one the cutoff falls in may still get rows.
    const cutoff = at(l.start, `($2::timestamptz - ${l.olderThan})`);
    dropped += await inBatches(
      db,
      `DELETE FROM account_snapshots WHERE ctid = ANY(ARRAY(
         SELECT r.ctid FROM account_snapshots r
         WHERE r.resolution = $1 AND r.ts < ${cutoff}
           AND EXISTS (SELECT 1 FROM account_snapshots n
                       WHERE n.account_id = r.account_id AND n.ts > r.ts AND n.ts < ${at(l.end, 'r.ts')})
         LIMIT $3))`,
      [l.from, now],
    );
    await inBatches(
      db,
      `UPDATE account_snapshots SET resolution = ${l.to} WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM account_snapshots WHERE resolution = $1 AND ts < ${cutoff} LIMIT $3))`,
      [l.from, now],
    );
  }
  return dropped;
}
