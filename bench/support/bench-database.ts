/**
 * A fresh, empty database on the machine's PostgreSQL (BENCH_PG_URL, default the local
 * PostgreSQL 15 at 127.0.0.1:5432), dropped at clean-up. The server under test migrates it at
 * start-up with the same `migrate()` the test databases use.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanUp } from './processes.js';
import { z } from 'zod';
import { installTypeParsers } from '../../apps/server/src/db/pg-types.js';
import { maybeRow, rowsOf } from '../../apps/server/src/db/rows.js';

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// The server reads bigint and bigint[] as numbers (its database.ts installs these); the bench too.
installTypeParsers();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** The PostgreSQL server's version and durability settings, for the report. */
  settings: string;
}

export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `vortex_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const settings = await admin(async (c) => {
    await c.query(`CREATE DATABASE ${name}`);
    const r = await maybeRow(
      c,
      z.object({ v: z.string(), f: z.string(), s: z.string(), b: z.string() }),
      `SELECT current_setting('server_version') AS v, current_setting('fsync') AS f,
         current_setting('synchronous_commit') AS s, current_setting('shared_buffers') AS b`,
    );
    return r
      ? `PostgreSQL ${r.v}, fsync ${r.f}, synchronous_commit ${r.s}, shared_buffers ${r.b}`
      : 'PostgreSQL (settings unknown)';
  });
  onCleanUp(`drop database ${name}`, () =>
    admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }),
  );
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), settings };
}

/** The benchmark's own connections carry this name, so they are not counted as the server's. */
export const BENCH_APPLICATION = 'vortex-bench';

export function benchPool(db: BenchDatabase, max = 4): pg.Pool {
  return new pg.Pool({ connectionString: db.url, max, application_name: BENCH_APPLICATION });
}

/** The PostgreSQL backends serving the server under test (or the benchmark), to count their CPU. */
export async function backendPids(
  pool: pg.Pool,
  db: BenchDatabase,
  of: 'server' | 'bench',
): Promise<number[]> {
  const rows = await rowsOf(
    pool,
    z.object({ pid: z.number() }),
    `SELECT pid FROM pg_stat_activity WHERE datname = $1
       AND (application_name = $2) = $3 AND backend_type = 'client backend'`,
    [db.name, BENCH_APPLICATION, of === 'bench'],
  );
  return rows.map((r) => r.pid);
}
