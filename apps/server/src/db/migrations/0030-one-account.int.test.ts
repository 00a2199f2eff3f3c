import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { makeUser } from '../../../test/identities.js';
import { migrate } from '../migrate.js';
import { rowsOf } from '../rows.js';
import { migrations } from './index.js';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

const DEAL = `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry,
  volume, price, profit, commission, swap, magic, reason, comment, time_msc)
  SELECT $1, t, t, t, 'WINZ26', 0, 0, 1, 120000, $2, 0, 0, 0, 0, '', t * 1000
  FROM unnest($3::bigint[]) AS t`;

async function account(
  pool: TestDatabase['pool'],
  userId: number,
  kind: 'live' | 'imported',
  number: number,
  server = 'Clear-PRD',
): Promise<number> {
  const [row] = await rowsOf(
    pool,
    z.object({ id: z.number() }),
    `INSERT INTO mt5_accounts (user_id, account_number, server, kind, last_hello_at, balance, account_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'live' THEN now() END,
             CASE WHEN $4 = 'live' THEN NULL ELSE 5000 END,
             CASE WHEN $4 = 'live' THEN NULL ELSE now() END)
     RETURNING id::int AS id`,
    [userId, number, server, kind],
  );
  if (!row) throw new Error('no account');
  return row.id;
}

describe('migration 30: one account per login', () => {
  it('merges each imported copy into its live account, deals by ticket, and keeps the rest apart', async () => {
    db = await createTestDatabase({ migrated: false });
    const { pool } = db;
    await migrate(
      pool,
      migrations.filter((m) => m.id < 30),
    );
    const user = await makeUser(pool, { role: 'trader' });
    const live = await account(pool, user.id, 'live', 111);
    const copy = await account(pool, user.id, 'imported', 111);
    const alone = await account(pool, user.id, 'imported', 222);
    const tester = await account(
      pool,
      user.id,
      'imported',
      0,
      'Testador de Estratégia: EA · WIN$N',
    );
    await pool.query(DEAL, [live, 10, [1, 2, 3]]);
    // The copy's tickets 2 and 3 are the live account's own; 4 and 5 only the import had.
    await pool.query(DEAL, [copy, 99, [2, 3, 4, 5]]);
    await pool.query(DEAL, [alone, 1, [7]]);
    await pool.query(
      `INSERT INTO mt5_history_orders (account_id, ticket, symbol, type, state, volume_initial,
         volume_current, price_open, sl, tp, price_current, time_setup_msc, time_done_msc, magic,
         comment, position_id, reason)
       VALUES ($1, 4, 'WINZ26', 0, 4, 1, 0, 120000, 0, 0, 120000, 4000, 4000, 0, '', 4, 0)`,
      [copy],
    );
    await pool.query('INSERT INTO account_choices (user_id, account_id) VALUES ($1, $2)', [
      user.id,
      copy,
    ]);

    expect(
      await migrate(
        pool,
        migrations.filter((m) => m.id <= 30),
      ),
    ).toEqual([30]);

    const accounts = await rowsOf(
      pool,
      z.object({
        id: z.number(),
        kind: z.string(),
        account_number: z.number(),
        balance: z.number().nullable(),
        imported: z.boolean(),
      }),
      `SELECT id::int AS id, kind, account_number::int AS account_number, balance,
              last_import_at IS NOT NULL AS imported
       FROM mt5_accounts WHERE user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(accounts).toEqual([
      // The agent gave no figures: the report's stand in for them.
      { id: live, kind: 'live', account_number: 111, balance: 5000, imported: true },
      { id: alone, kind: 'imported', account_number: 222, balance: 5000, imported: true },
      { id: tester, kind: 'imported', account_number: 0, balance: 5000, imported: true },
    ]);
    const deals = await rowsOf(
      pool,
      z.object({ ticket: z.number(), profit: z.number() }),
      'SELECT ticket::int AS ticket, profit FROM deals WHERE account_id = $1 ORDER BY ticket',
      [live],
    );
    // Each ticket once; the live account's own copy of a ticket wins.
    expect(deals).toEqual([
      { ticket: 1, profit: 10 },
      { ticket: 2, profit: 10 },
      { ticket: 3, profit: 10 },
      { ticket: 4, profit: 99 },
      { ticket: 5, profit: 99 },
    ]);
    const { rows: orders } = await pool.query(
      'SELECT account_id::int AS a FROM mt5_history_orders WHERE ticket = 4',
    );
    expect(orders).toEqual([{ a: live }]);
    const { rows: choice } = await pool.query(
      'SELECT account_id::int AS a FROM account_choices WHERE user_id = $1',
      [user.id],
    );
    expect(choice).toEqual([{ a: live }]);
    const { rows: left } = await pool.query(
      'SELECT count(*)::int AS n FROM deals WHERE account_id = $1',
      [copy],
    );
    expect(left).toEqual([{ n: 0 }]);
    // One key for the login, whatever the kind.
    await expect(account(pool, user.id, 'imported', 111)).rejects.toThrow(/mt5_accounts_login_key/);
  });
});
