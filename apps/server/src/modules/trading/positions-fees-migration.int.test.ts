import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { PositionsFollower } from './positions-follower.js';

/**
 * Migration 31 (issue 26): positions and day totals built while a deal's fee did not count are
 * built again for the accounts that have fees; the others keep theirs.
 */
let db: TestDatabase;
const accounts: Record<'withFees' | 'without', number> = { withFees: 0, without: 0 };
const T = Date.UTC(2026, 10, 20, 13);

// Not on the fixture: its database stops at migration 30 and it migrates the rest itself.
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await migrate(
    db.pool,
    migrations.filter((m) => m.id < 31),
  );
  const trader = await makeUser(db.pool, { role: 'trader' });
  for (const [key, number, fee] of [
    ['withFees', 8300031, -1.5],
    ['without', 8300032, 0],
  ] as const) {
    const { id } = await oneRow(
      db.pool,
      z.object({ id: z.number() }),
      `INSERT INTO mt5_accounts (user_id, account_number, server, balance, account_at,
         last_hello_at)
       VALUES ($1, $2, 'Vortex-Demo', 10000, now(), now()) RETURNING id`,
      [trader.id, number],
    );
    accounts[key] = id;
    // ticket, type, entry, profit, time_msc: one round trip of position 9.
    for (const [ticket, type, entry, profit, time] of [
      [1, 0, 0, 0, T],
      [2, 1, 1, 40, T + 60_000],
    ]) {
      await db.pool.query(
        `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry,
           volume, price, profit, commission, swap, magic, reason, comment, time_msc, fee)
         VALUES ($1, $2, $2, 9, 'WINZ25', $3, $4, 1, 100, $5, -0.5, 0, 135000, 3, '', $6, $7)`,
        [id, ticket, type, entry, profit, time, fee],
      );
    }
    // As the follower left them before: the position's net without the fee.
    await db.pool.query(
      `INSERT INTO closed_positions (account_id, position_id, round_trip, symbol, magic, side,
         volume, entry_price, exit_price, open_time, close_time, profit, commission, swap,
         exit_reason, is_flat)
       VALUES ($1, '9', 1, 'WINZ25', 135000, 0, 1, 100, 100, $2, $3, 40, -1, 0, 'EXPERT', true)`,
      [id, T, T + 60_000],
    );
    await db.pool.query(
      `INSERT INTO deal_day_totals (account_id, day, net, operations) VALUES ($1, $2, 39, 0)`,
      [id, Math.floor(T / 86_400_000)],
    );
    await db.pool.query(
      `INSERT INTO positions_watermarks (account_id, deals_count, max_ticket, epoch, trade_deals,
         open_trips, last_deal, builds, key_max)
       VALUES ($1, 2, 2, 0, 2, '{}', NULL, 1, 9)`,
      [id],
    );
  }
});
afterAll(async () => {
  await db.drop();
});

const stored = (accountId: number) =>
  rowsOf(
    db.pool,
    z.object({ net: z.number(), fee: z.number(), day_net: z.number() }),
    `SELECT (profit + commission + fee + swap)::float8 AS net, fee,
            (SELECT sum(net) FROM deal_day_totals t WHERE t.account_id = c.account_id)::float8
              AS day_net
     FROM closed_positions c WHERE account_id = $1`,
    [accountId],
  );

describe('migration 31: positions of accounts with fees are built again', () => {
  it('drops those builds only, and the backfill counts the fees', async () => {
    expect(await migrate(db.pool)).toContain(31);
    expect(await stored(accounts.withFees)).toEqual([]);
    expect(await stored(accounts.without)).toEqual([{ net: 39, fee: 0, day_net: 39 }]);

    expect(await new PositionsFollower(db.pool).backfill()).toBe(1);
    // 40 of profit, 2 × 0.50 of commission and 2 × 1.50 of fee.
    expect(await stored(accounts.withFees)).toEqual([{ net: 36, fee: -3, day_net: 36 }]);
    expect(await stored(accounts.without)).toEqual([{ net: 39, fee: 0, day_net: 39 }]);
  });
});
