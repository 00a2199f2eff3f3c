import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { oneRow, rowsOf } from '../../db/rows.js';

/** Migration 28: each watermark learns the highest position id its account has finished. */
let db: TestDatabase;
const accounts: number[] = [];

// Not on the fixture: it tests a migration, so its database stops at migration 27 and it migrates
// the rest itself.
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await migrate(
    db.pool,
    migrations.filter((m) => m.id < 28),
  );
  const trader = await makeUser(db.pool, { role: 'trader' });
  for (const number of [8_300_028, 8_300_029]) {
    const { id } = await oneRow(
      db.pool,
      z.object({ id: z.number() }),
      `INSERT INTO mt5_accounts (user_id, account_number, server) VALUES ($1, $2, 'Vortex-Demo')
       RETURNING id`,
      [trader.id, number],
    );
    accounts.push(id);
    await db.pool.query(
      `INSERT INTO positions_watermarks (account_id, deals_count, max_ticket, epoch, trade_deals,
         open_trips, last_deal)
       VALUES ($1, 0, 0, 0, 0, '{}', NULL)`,
      [id],
    );
  }
  // The first account finished ids 9, 10 (twice) and 100: as text, '9' sorts above '100'.
  for (const [id, trip] of [
    ['9', 1],
    ['10', 1],
    ['10', 2],
    ['100', 1],
  ] as const) {
    await db.pool.query(
      `INSERT INTO closed_positions (account_id, position_id, round_trip, symbol, magic, side,
         volume, entry_price, exit_price, open_time, close_time, profit, commission, swap,
         exit_reason, is_flat)
       VALUES ($1, $2, $3, 'WINZ25', 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 'EXPERT', true)`,
      [accounts[0], id, trip],
    );
  }
});
afterAll(async () => {
  await db.drop();
});

describe('migration 28: the highest finished position id', () => {
  it('is each account’s highest stored id by number, -1 when it has finished none', async () => {
    expect(await migrate(db.pool)).toContain(28);
    const rows = await rowsOf(
      db.pool,
      z.object({ account_id: z.number(), key_max: z.number() }),
      'SELECT account_id, key_max FROM positions_watermarks ORDER BY account_id',
    );
    expect(rows).toEqual([
      { account_id: accounts[0], key_max: 100 },
      { account_id: accounts[1], key_max: -1 },
    ]);
  });
});
