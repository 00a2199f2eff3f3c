import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
// Brings in the ProvidedContext keys the global setup provides.
import type {} from './global-setup.js';
import { createPool } from '../src/db/database.js';

export interface TestDatabase {
  pool: pg.Pool;
  url: string;
  name: string;
  drop: () => Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(inject('pgAdminUrl'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own for one test file; dropped afterwards. Migrated means
 * copied from the run's template, which global-setup migrated once; unmigrated is an empty one.
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `vortex_t_${randomBytes(6).toString('hex')}`;
  const migrated = opts.migrated !== false;
  const template = migrated ? ` TEMPLATE ${inject('pgTemplate')}` : '';
  await admin((c) => c.query(`CREATE DATABASE ${name}${template}`));
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const pool = createPool(url.toString());
  return {
    pool,
    name,
    url: url.toString(),
    drop: async () => {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
