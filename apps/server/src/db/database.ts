import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres.js';
import { migrate } from './migrate.js';

// Return bigint ids and counts as numbers: ours stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  mode: 'embedded' | 'external';
  close: () => Promise<void>;
}

/** The application's database on the embedded server. */
export const APP_DB = 'vortex';

/** Creates the database on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 20, idleTimeoutMillis: 30_000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens the embedded server (default) or DATABASE_URL, then applies migrations. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      baseDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      log,
    });
    await ensureDatabase(embedded.url('postgres'), APP_DB);
    url = embedded.url(APP_DB);
  }
  const pool = createPool(url);
  try {
    const applied = await migrate(pool);
    if (applied.length) log(`Migrações aplicadas: ${applied.join(', ')}`);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  return {
    pool,
    mode: embedded ? 'embedded' : 'external',
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
