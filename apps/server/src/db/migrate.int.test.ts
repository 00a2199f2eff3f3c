import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { rowsOf } from './rows.js';

// Not on the fixture: these tests migrate an empty database themselves, one per test.
let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

describe('migrate', () => {
  it('applies every migration once, in order, and is idempotent', async () => {
    db = await createTestDatabase({ migrated: false });
    expect(await migrate(db.pool)).toEqual(migrations.map((m) => m.id));
    expect(await migrate(db.pool)).toEqual([]);
    const rows = await rowsOf(
      db.pool,
      z.object({ id: z.number() }),
      'SELECT id FROM schema_migrations ORDER BY id',
    );
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('applies each migration once when instances start together', async () => {
    db = await createTestDatabase({ migrated: false });
    const results = await Promise.all([migrate(db.pool), migrate(db.pool), migrate(db.pool)]);
    expect(results.flat().sort((a, b) => a - b)).toEqual(migrations.map((m) => m.id));
  });

  it('rolls back a failing migration entirely and names it', async () => {
    db = await createTestDatabase({ migrated: false });
    const broken = [
      { id: 1, name: 'half', sql: 'CREATE TABLE half_done (id int); SELECT * FROM missing_table;' },
    ];
    await expect(migrate(db.pool, broken)).rejects.toThrow(/Migração 1 \(half\) falhou/);
    const { rows } = await db.pool.query("SELECT to_regclass('half_done') AS t");
    expect(rows[0]).toEqual({ t: null });
  });
});
