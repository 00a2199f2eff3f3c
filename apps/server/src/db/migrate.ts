import type pg from 'pg';
import { z } from 'zod';
import { migrations as all, type Migration } from './migrations/index.js';
import { rowsOf } from './rows.js';

// Any constant works; it only has to be the same for every instance sharing the database.
const MIGRATION_LOCK = 7_142_011;

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory lock so
 * that several instances starting together apply each migration once.
 */
export async function migrate(pool: pg.Pool, migrations: Migration[] = all): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const rows = await rowsOf(
      client,
      z.object({ id: z.number().int() }),
      'SELECT id FROM schema_migrations',
    );
    const done = new Set(rows.map((r) => r.id));
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(m.id)) continue;
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
          m.id,
          m.name,
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migração ${m.id} (${m.name}) falhou`, { cause: err });
      }
      applied.push(m.id);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
