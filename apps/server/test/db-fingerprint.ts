import { createHash } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { parseRow, rowsOf } from '../src/db/rows.js';

/** Per table: its row count and a hash of its rows, e.g. `users: '3:-81234…'`. */
export type Fingerprint = Record<string, string>;

// When a session or an agent was last seen records use, not data: a refused request is still a
// request of that session.
const USE_COLUMNS = `'{last_seen_at}'::text[]`;

const TABLES =
  'SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1';
const Named = z.object({ t: z.string() });
const Hashed = z.object({ t: z.string(), h: z.string() });

const tablesOf = new WeakMap<pg.Pool, Promise<string[]>>();

function tables(pool: pg.Pool): Promise<string[]> {
  let found = tablesOf.get(pool);
  if (!found) {
    found = rowsOf(pool, Named, TABLES).then((rows) => rows.map((row) => row.t));
    tablesOf.set(pool, found);
  }
  return found;
}

/**
 * Every table of the database (found, not listed, so a later table is covered too), as its row
 * count and the sum of its rows' 64-bit hashes: equal before and after some requests means
 * nothing was written. `skip` leaves out what records refusals by design. One prepared query:
 * fast enough (about a millisecond) to take around every request of a fuzz run.
 */
export async function dbFingerprint(
  pool: pg.Pool,
  skip: readonly string[] = [],
): Promise<Fingerprint> {
  const row = `(to_jsonb(x) - ${USE_COLUMNS})::text`;
  const text = (await tables(pool))
    .filter((t) => !skip.includes(t))
    .map(
      (t) =>
        `SELECT '${t}' AS t, count(*) || ':' || coalesce(sum(hashtextextended(${row}, 0)), 0) AS h FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const name = `fingerprint_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const { rows } = await pool.query({ name, text });
  return Object.fromEntries(
    rows.map((r: unknown) => parseRow(Hashed, r, text)).map((r) => [r.t, r.h]),
  );
}

/** The tables whose fingerprint differs, for a failure message that says where. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => before[t] !== after[t]).sort();
}

/**
 * Every table as its row count and an md5 of its rows in a fixed order, and every sequence as its
 * position: what a backup round trip must bring back exactly, where a count misses a changed
 * value. Rows are read as jsonb, so the column order of a recreated table does not matter.
 */
export async function tableChecksums(pool: pg.Pool): Promise<Fingerprint> {
  const found = await rowsOf(pool, Named, TABLES);
  const row = 'to_jsonb(x)::text';
  const text = found
    .map(
      ({ t }) =>
        `SELECT '${t}' AS t, count(*) || ':' || coalesce(md5(string_agg(${row}, '|' ORDER BY ${row})), '') AS h FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const tables = text ? await rowsOf(pool, Hashed, text) : [];
  const sequences = await rowsOf(
    pool,
    Hashed,
    `SELECT 'sequence ' || sequencename AS t, coalesce(last_value::text, 'unused') AS h
       FROM pg_sequences WHERE schemaname = current_schema()`,
  );
  return Object.fromEntries([...tables, ...sequences].map((r) => [r.t, r.h]));
}
