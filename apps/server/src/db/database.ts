import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { DatabaseStatus } from './database-status.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres.js';
import { migrate } from './migrate.js';
import { connectClient, survivesConnectionLoss } from './pg-client.js';
import { installTypeParsers } from './pg-types.js';

installTypeParsers();

export interface Database {
  pool: pg.Pool;
  mode: 'embedded' | 'external';
  /** Up, down or restarting, and when it comes back; the embedded supervisor reports here. */
  status: DatabaseStatus;
  close: () => Promise<void>;
}

/** A request waits at most this long for a connection: a database away answers 503, not a hang. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The application's database on the embedded server. */
export const APP_DB = 'vortex';

/** Creates the database on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = await connectClient(adminUrl);
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server gone without a word (a cut link) is noticed by the kernel, not after hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // Nor a checked-out one (a transaction, a held lock, a cursor): pg-pool listens only while a
  // client is idle, so every client gets a listener for its whole life, whoever holds it.
  pool.on('connect', (client) => survivesConnectionLoss(client));
  return pool;
}

/** Opens the embedded server (default) or DATABASE_URL, then applies migrations. */
export async function openDatabase(
  config: Config,
  logger: { info: (msg: string) => void; warn: (msg: string) => void },
): Promise<Database> {
  const log = (msg: string) => logger.info(msg);
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
  const status = new DatabaseStatus({ pool, log: logger });
  embedded?.onChange((change) => {
    if (change.state === 'restarting') status.restarting(change.reason);
    else status.restarted();
  });
  return {
    pool,
    mode: embedded ? 'embedded' : 'external',
    status,
    close: async () => {
      status.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}
