import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { isDataRejected } from '../../db/db-errors.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { ALL_READS_OK, readStatuses } from '../../../test/trader-reads.js';
import { oneRow, rowsOf } from '../../db/rows.js';

/**
 * A database from before the agent contract bounded its numbers (migration 17): deals of profit
 * 1e308, an account of balance 1e308, positions, orders and bars beyond any market. Migration 18
 * moves them to the rejections and the screens read again.
 */
let db: TestDatabase;
let trader: TestUser;
let accountId: number;

const HOUR = 3_600_000;
const now = Date.now();
const OUT = 'valor fora dos limites';

async function seedOldHistory(): Promise<void> {
  trader = await makeUser(db.pool, { role: 'trader' });
  ({ id: accountId } = await oneRow(
    db.pool,
    z.object({ id: z.number() }),
    `INSERT INTO mt5_accounts (user_id, account_number, server, balance, equity, margin,
       free_margin, margin_level, profit, account_at, last_hello_at)
     VALUES ($1, 8300001, 'Vortex-Demo', 1e308, 1e308, 0, 1e308, 0, 0, now(), now()) RETURNING id`,
    [trader.id],
  ));
  // ticket, position, type, entry, price, profit, commission, time_msc
  const deals: [number, number, number, number, number, number, number, number][] = [
    [1, 1, 0, 0, 125_000, 0, -0.5, now - 5 * HOUR],
    [2, 1, 1, 1, 125_100, 20, -0.5, now - 5 * HOUR + 60_000],
    [3, 2, 1, 0, 125_000, 0, -0.5, now - 4 * HOUR],
    [4, 2, 0, 1, 125_050, -10, -0.5, now - 4 * HOUR + 60_000],
    [5, 3, 0, 0, 125_000, 0, -0.5, now - 3 * HOUR],
    [6, 3, 1, 1, 125_100, 1e308, -0.5, now - 3 * HOUR + 60_000],
    [7, 4, 0, 0, 125_000, 0, -0.5, now - 2 * HOUR],
    [8, 4, 1, 1, 125_100, 1e308, -0.5, now - 2 * HOUR + 60_000],
    [9, 5, 0, 0, 125_000, 0, -1e13, now - HOUR],
    [10, 5, 1, 1, 2e9, 0, -0.5, now - HOUR + 60_000],
    [11, 6, 0, 0, 125_000, 0, -0.5, 9e15],
  ];
  for (const [ticket, position, type, entry, price, profit, commission, time] of deals) {
    await db.pool.query(
      `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
         price, profit, commission, swap, magic, reason, comment, time_msc)
       VALUES ($1, $2, $2, $3, 'WINZ25', $4, $5, 1, $6, $7, $8, 0, 135000, 3, '', $9)`,
      [accountId, ticket, position, type, entry, price, profit, commission, time],
    );
  }
  await db.pool.query(
    `INSERT INTO account_snapshots VALUES ($1, now() - interval '2 hours', 10000, 10000, 0, 10000, 0, 0),
       ($1, now() - interval '1 hour', 1e308, 1e308, 0, 0, 0, 1e308)`,
    [accountId],
  );
  const position = (ticket: number, profit: number) => ({
    ticket,
    symbol: 'WINZ25',
    type: 0,
    volume: 1,
    price_open: 125_000,
    sl: 0,
    tp: 0,
    price_current: 125_050,
    profit,
    swap: 0,
    magic: 135000,
    time: Math.floor(now / 1000) - 600,
    time_msc: now - 600_000,
    comment: '',
  });
  for (const p of [position(100, 1e308), position(101, 1e308), position(102, 10)]) {
    await db.pool.query('INSERT INTO open_positions VALUES ($1, $2, $3)', [accountId, p.ticket, p]);
  }
  const order = (ticket: number, price: number) => ({
    order: ticket,
    symbol: 'WINZ25',
    type: 2,
    volume_initial: 1,
    price_open: price,
    sl: 0,
    tp: 0,
    magic: 135000,
    time_setup: Math.floor(now / 1000) - 600,
    comment: '',
  });
  for (const o of [order(200, 1e308), order(201, 124_000)]) {
    await db.pool.query('INSERT INTO pending_orders VALUES ($1, $2, $3)', [accountId, o.order, o]);
  }
  const minute = Math.floor(now / 60_000) * 60 - 30 * 60;
  for (let i = 0; i < 6; i++) {
    const volume = i === 2 || i === 3 ? 1e308 : 5;
    await db.pool.query(
      `INSERT INTO bars VALUES ($1, 'WINZ25', 'M1', $2, 125000, 125050, 124950, 125020, $3, $4)`,
      [accountId, minute + i * 60, i === 4 ? '9000000000000000000' : 10, volume],
    );
  }
}

// Not on the fixture: it tests migration 18, so its database stops at 17 and each read builds
// an app of its own on it, before and after the migration.
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await migrate(
    db.pool,
    migrations.filter((m) => m.id < 18),
  );
  await seedOldHistory();
});
afterAll(async () => {
  await db.drop();
});

async function statusesOnAFreshApp(): Promise<Record<string, number>> {
  const t = await createTestApp(db);
  try {
    return await readStatuses(t.app, trader.token);
  } finally {
    await t.close();
  }
}

describe('migration 18 on a history stored out of bounds', () => {
  it('moves what is out of bounds to the rejections, and every read answers again', async () => {
    // The seed poisons the reads as it did on the built main (else this test proves nothing).
    expect(await statusesOnAFreshApp()).not.toEqual(ALL_READS_OK);

    await migrate(db.pool);

    const moved = await rowsOf(
      db.pool,
      z.object({ kind: z.string(), ticket: z.number().nullable() }),
      `SELECT kind, ticket FROM agent_rejections
       WHERE user_id = $1 AND account_id = $2 AND reason = $3 ORDER BY kind, ticket, id`,
      [trader.id, accountId, OUT],
    );
    expect(moved).toEqual([
      { kind: 'account', ticket: null },
      { kind: 'account', ticket: null },
      { kind: 'bar', ticket: null },
      { kind: 'bar', ticket: null },
      { kind: 'bar', ticket: null },
      { kind: 'deal', ticket: 6 },
      { kind: 'deal', ticket: 8 },
      { kind: 'deal', ticket: 9 },
      { kind: 'deal', ticket: 10 },
      { kind: 'deal', ticket: 11 },
      { kind: 'order', ticket: 200 },
      { kind: 'position', ticket: 100 },
      { kind: 'position', ticket: 101 },
    ]);
    const kept = await oneRow(
      db.pool,
      z.object({ deals: z.array(z.number()), balance: z.number().nullable() }),
      `SELECT (SELECT array_agg(ticket::int ORDER BY ticket) FROM deals WHERE account_id = $1) AS deals,
              (SELECT balance FROM mt5_accounts WHERE id = $1) AS balance`,
      [accountId],
    );
    expect(kept).toEqual({ deals: [1, 2, 3, 4, 5, 7], balance: null });
    const raw = await rowsOf(
      db.pool,
      z.object({ profit: z.number() }),
      "SELECT (raw ->> 'profit')::float8 AS profit FROM agent_rejections WHERE ticket = 6 AND kind = 'deal'",
    );
    expect(raw).toEqual([{ profit: 1e308 }]);

    expect(await statusesOnAFreshApp()).toEqual(ALL_READS_OK);
  });

  it('leaves the database refusing such values from then on, as data it rejects for good', async () => {
    const refused = [
      `UPDATE deals SET profit = 1e308 WHERE account_id = ${accountId} AND ticket = 1`,
      `INSERT INTO account_snapshots VALUES (${accountId}, now(), 'NaN', 0, 0, 0, 0, 0)`,
      `UPDATE mt5_accounts SET equity = -2e12 WHERE id = ${accountId}`,
      `UPDATE bars SET volume = 1e13 WHERE account_id = ${accountId}`,
    ];
    for (const statement of refused) {
      const err: unknown = await db.pool.query(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDataRejected(err), statement).toBe(true);
    }
  });
});
