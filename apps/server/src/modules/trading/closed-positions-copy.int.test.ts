import type { ClosedPosition } from '@vortex/core';
import type pg from 'pg';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import { upsertAccount } from '../bridge/trading-ingest.repo.js';
import { CopyFailed } from './closed-positions-copy.js';
import { insertClosed, insertClosedArrays, READ_COLUMNS } from './positions-store.repo.js';

let userId: number;
let accounts = 0;

it.beforeAll(async ({ newUser }) => {
  userId = (await newUser({ role: 'trader', session: false })).id;
});

const newAccount = (db: TestDatabase) =>
  upsertAccount(db.pool, {
    userId,
    accountNumber: 9_300_000 + ++accounts,
    server: 'Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });

const position = (id: string, over: Partial<ClosedPosition> = {}): ClosedPosition => ({
  position_id: id,
  round_trip: 1,
  symbol: 'WINZ25',
  magic: 135_000,
  type: 'BUY',
  volume: 1,
  entry_price: 125_000.5,
  exit_price: 125_100.25,
  open_time: Date.UTC(2026, 0, 5, 13),
  close_time: Date.UTC(2026, 0, 5, 14),
  duration: '1h 0m',
  profit: 20,
  commission: -0.5,
  swap: 0,
  exit_reason: 'EXPERT',
  status: 'closed',
  is_complete: true,
  ...over,
});

// Values COPY's binary rows must carry exactly as the array INSERT (and the database's text
// conversions) stored them: text needing quotes or UTF-8, extreme numbers, -0, both sides.
const ODD: ClosedPosition[] = [
  position('1'),
  position('2', { symbol: 'W"IN\\Z25 {a,b}', exit_reason: 'SL', type: 'SELL' }),
  position('3', { symbol: 'ação ✓ 📈', status: 'open', round_trip: 0 }),
  position('4', { profit: -0, commission: -1e-300, swap: 1.7976931348623157e308 }),
  position('5', { magic: 2 ** 53, open_time: 0, close_time: 2 ** 53 - 1, volume: 0.01 }),
  position('9007199254740993', { round_trip: 2 ** 31 - 1, entry_price: 0.1 + 0.2 }),
  position('6', { symbol: 'half \ud800 surrogate' }),
];

async function stored(db: TestDatabase, accountId: number) {
  return rowsOf(
    db.pool,
    z.record(z.string(), z.unknown()),
    `SELECT ${READ_COLUMNS} FROM closed_positions WHERE account_id = $1
     ORDER BY position_id, round_trip`,
    [accountId],
  );
}

async function inTransaction(db: TestDatabase, fn: (c: pg.PoolClient) => Promise<void>) {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await fn(client);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('closed positions by binary COPY', () => {
  it('stores every value as the array INSERT stores it', async ({ db }) => {
    const [copied, inserted] = [await newAccount(db), await newAccount(db)];
    await inTransaction(db, (c) => insertClosed(c, copied, ODD));
    await inTransaction(db, (c) => insertClosedArrays(c, inserted, ODD));
    const rows = await stored(db, copied);
    expect(rows).toHaveLength(ODD.length);
    expect(rows).toEqual(await stored(db, inserted));
    expect(rows.find((r) => r.position_id === '3')).toMatchObject({ symbol: 'ação ✓ 📈' });
    expect(Object.is(rows.find((r) => r.position_id === '4')?.profit, 0)).toBe(true);
  });

  it('leaves a value that does not fit its column to the INSERT', async ({ db }) => {
    const accountId = await newAccount(db);
    // Beyond 2^53 a bigint is not a JS integer: the database converts the text as it can.
    await inTransaction(db, (c) => insertClosed(c, accountId, [position('1', { magic: 2 ** 60 })]));
    const rows = await rowsOf(
      db.pool,
      z.object({ magic: z.string() }),
      'SELECT magic::text FROM closed_positions WHERE account_id = $1',
      [accountId],
    );
    expect(rows).toEqual([{ magic: String(2 ** 60) }]);
  });

  it('fails as CopyFailed when the database refuses a row, storing none of them', async ({
    db,
  }) => {
    const accountId = await newAccount(db);
    await inTransaction(db, (c) => insertClosed(c, accountId, [position('1')]));
    const client = await db.pool.connect();
    let failure: unknown;
    try {
      await client.query('BEGIN');
      failure = await insertClosed(client, accountId, [position('2'), position('1')]).catch(
        (e: unknown) => e,
      );
    } finally {
      // As the follower does: a connection whose COPY failed is closed, never reused.
      client.release(failure instanceof Error ? failure : undefined);
    }
    expect(failure).toBeInstanceOf(CopyFailed);
    expect(String((failure as CopyFailed).cause)).toMatch(/duplicate key/);
    expect((await stored(db, accountId)).map((r) => r.position_id)).toEqual(['1']);
  });
});
