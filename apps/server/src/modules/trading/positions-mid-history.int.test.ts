import type { RoundTrip } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { partlyClosed } from './positions-builder.js';
import { PositionsFollower } from './positions-follower.js';
import { readWatermark } from './positions-store.repo.js';

/**
 * Migration 25 (issue 16): an account whose positions were built by the old round-trip logic,
 * on a history that starts mid-position, is built again by the new one.
 */
let db: TestDatabase;
let accountId: number;
const T = Date.UTC(2026, 10, 20, 13);

// What the old logic kept of position 9 (INOUT of 3 whose opening of 1 is missing, then a
// close of 2): a short of 3, two thirds closed, open forever; position 7's lone close dropped.
const oldTrip: RoundTrip = {
  number: 1,
  side: 'SELL',
  symbol: 'WINZ25',
  magic: 135000,
  opened: 3,
  closed: 2,
  openTime: T + 60_000,
  closeTime: T + 120_000,
  opens: [{ volume: 3, price: 50 }],
  closes: [{ volume: 2, price: 48 }],
  profit: 4,
  commission: 0,
  swap: 0,
  exitReason: 'EXPERT',
};

// Not on the fixture: it tests a migration, so its database stops at migration 24 and it migrates
// the rest itself.
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await migrate(
    db.pool,
    migrations.filter((m) => m.id < 25),
  );
  const trader = await makeUser(db.pool, { role: 'trader' });
  ({ id: accountId } = await oneRow(
    db.pool,
    z.object({ id: z.number() }),
    `INSERT INTO mt5_accounts (user_id, account_number, server, balance, account_at, last_hello_at)
     VALUES ($1, 8300016, 'Vortex-Demo', 10000, now(), now()) RETURNING id`,
    [trader.id],
  ));
  // ticket, position, type, entry, volume, price, profit, time_msc
  const deals = [
    [1, 7, 1, 1, 1, 52, 7, T],
    [2, 9, 1, 2, 3, 50, 99, T + 60_000],
    [3, 9, 0, 1, 2, 48, 4, T + 120_000],
  ];
  for (const [ticket, position, type, entry, volume, price, profit, time] of deals) {
    await db.pool.query(
      `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
         price, profit, commission, swap, magic, reason, comment, time_msc)
       VALUES ($1, $2, $2, $3, 'WINZ25', $4, $5, $6, $7, $8, 0, 0, 135000, 3, '', $9)`,
      [accountId, ticket, position, type, entry, volume, price, profit, time],
    );
  }
  // Built as before: the follower's watermark at these deals, with the old logic's state
  // (written here: today's follower writes columns of later migrations).
  await db.pool.query(
    `INSERT INTO positions_watermarks (account_id, deals_count, max_ticket, epoch, trade_deals,
       open_trips, last_deal, builds)
     VALUES ($1, 3, 3, 0, 2, $2, NULL, 1)`,
    [accountId, JSON.stringify({ '9': oldTrip })],
  );
});
afterAll(async () => {
  await db.drop();
});

const shown = async () => {
  const client = await db.pool.connect();
  try {
    const mark = await readWatermark(client, accountId);
    return mark && partlyClosed(mark.state).map((p) => [p.position_id, p.round_trip, p.volume]);
  } finally {
    client.release();
  }
};

describe('migration 25: positions built before are built again', () => {
  it('drops the old build, and the backfill builds the account by the new logic', async () => {
    const old = await rowsOf(
      db.pool,
      z.object({ open_trips: z.record(z.string(), z.unknown()) }),
      'SELECT open_trips FROM positions_watermarks WHERE account_id = $1',
      [accountId],
    );
    expect(old.map((r) => Object.keys(r.open_trips))).toEqual([['9']]);

    expect(await migrate(db.pool)).toContain(25);
    expect(await shown()).toBeUndefined();
    expect(await new PositionsFollower(db.pool).backfill()).toBe(1);

    // Position 7 and 9's first part were opened before the history; 9 reversed to a short of 2.
    expect(await shown()).toEqual([
      ['7', 0, 1],
      ['9', 0, 1],
      ['9', 1, 2],
    ]);
  });
});
