import type { Mt5Deal } from '@vortex/core';
import { vi } from 'vitest';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import { DealIngest } from '../bridge/deal-ingest.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';
import { MemoryEventBus } from '../live/event-bus.js';
import { CopyFailed } from './closed-positions-copy.js';
import { PositionsFollower } from './positions-follower.js';

let userId: number;
const T0 = Date.UTC(2026, 0, 5, 13);
const MINUTE = 60_000;

function deal(ticket: number, position: number, entry: 0 | 1 | 2, minute: number, profit = 0) {
  const ms = T0 + minute * MINUTE;
  return {
    ticket,
    order: ticket,
    position_id: position,
    symbol: position % 3 === 0 ? 'WDOZ25' : 'WINZ25',
    type: (position + entry) % 2,
    entry,
    volume: entry === 2 ? 2 : 1,
    price: 125_000 + ticket / 4,
    profit,
    commission: -0.5,
    swap: position % 5 === 0 ? -0.25 : 0,
    magic: 135_000 + (position % 2),
    reason: entry === 1 && position % 3 === 0 ? 4 : 3,
    comment: '',
    time: Math.floor(ms / 1000),
    time_msc: ms,
  } satisfies Mt5Deal;
}

/** Positions from..to, each opened at minute 10p and closed 5 minutes later. */
const trips = (from: number, to: number, ticketBase = 0): Mt5Deal[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const p = from + i;
    return [
      deal(ticketBase + 2 * p - 1, p, 0, 10 * p),
      deal(ticketBase + 2 * p, p, 1, 10 * p + 5, p % 4 === 0 ? -30 : 50),
    ];
  }).flat();

/** A deposit (type 2, no position), counted in the day totals' operations. */
const deposit = (ticket: number, minute: number): Mt5Deal => ({
  ...deal(ticket, 0, 0, minute, 1_000),
  type: 2,
  commission: 0,
});

let accounts = 0;
async function newAccount(db: TestDatabase): Promise<number> {
  return upsertAccount(db.pool, {
    userId,
    accountNumber: 9_100_000 + ++accounts,
    server: 'Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
}

/** Everything the follower writes for an account, as stored. */
async function built(db: TestDatabase, accountId: number) {
  const q = (sql: string) => rowsOf(db.pool, z.record(z.string(), z.unknown()), sql, [accountId]);
  return {
    positions: await q(
      `SELECT position_id, round_trip, symbol, magic, side, volume, entry_price, exit_price,
              open_time, close_time, profit, commission, swap, exit_reason, is_flat
       FROM closed_positions WHERE account_id = $1 ORDER BY position_id, round_trip`,
    ),
    days: await q(
      'SELECT day, net, operations FROM deal_day_totals WHERE account_id = $1 ORDER BY day',
    ),
    mark: await q(
      `SELECT deals_count, max_ticket, epoch, trade_deals, open_trips, last_deal, key_max
       FROM positions_watermarks WHERE account_id = $1`,
    ),
  };
}

/** What a rebuild from every stored deal writes: the reference for every other way. */
async function rebuilt(db: TestDatabase, accountId: number) {
  await db.pool.query('DELETE FROM positions_watermarks WHERE account_id = $1', [accountId]);
  const follower = new PositionsFollower(db.pool);
  await follower.catchUp(accountId);
  expect(follower.applied).toEqual({ handedOff: 0, read: 1 });
  return built(db, accountId);
}

/** Stores deals as the ingestion does, handing them to `follower` when every one was new. */
async function store(
  db: TestDatabase,
  follower: PositionsFollower,
  accountId: number,
  deals: Mt5Deal[],
) {
  const stored = await insertDeals(db.pool, accountId, deals, 0);
  if (stored === deals.length) follower.handoff.offer(accountId, deals);
  return stored;
}

it.beforeAll(async ({ newUser }) => {
  userId = (await newUser({ role: 'trader', session: false })).id;
});

describe('PositionsFollower with the deals handed over by the ingestion', () => {
  it('takes in the batches that follow its watermark without reading them, as a rebuild would', async ({
    db,
  }) => {
    const accountId = await newAccount(db);
    const follower = new PositionsFollower(db.pool);
    // A fresh account: the first batches are all it has.
    await store(db, follower, accountId, trips(1, 30));
    await store(db, follower, accountId, trips(31, 40));
    await follower.catchUp(accountId);
    // A position left open across runs, then partly closed, reversed (INOUT) and closed.
    await store(db, follower, accountId, [deal(81, 41, 0, 410), deal(82, 41, 0, 411)]);
    await follower.catchUp(accountId);
    await store(db, follower, accountId, [deal(83, 41, 1, 412, 20), deal(84, 41, 2, 413, 40)]);
    // More than one slice of the follower's (2,000 deals), in one run.
    await store(db, follower, accountId, [deal(85, 41, 1, 414, 10), ...trips(44, 1_300)]);
    // Text that an array literal must quote.
    const odd = (d: Mt5Deal) => ({ ...d, symbol: 'W"IN\\Z25 {a,b}' });
    await store(db, follower, accountId, [
      deposit(3_000, 13_100),
      odd(deal(3_001, 2_000, 0, 13_200)),
      odd(deal(3_002, 2_000, 1, 13_210, 7)),
    ]);
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 3, read: 0 });
    const incremental = await built(db, accountId);
    expect(incremental.positions.length).toBeGreaterThan(1_200);
    expect(incremental.days.some((d) => d.operations === 1)).toBe(true);
    expect(incremental.positions.find((p) => p.position_id === '2000')).toMatchObject({
      symbol: 'W"IN\\Z25 {a,b}',
      profit: 7,
    });
    expect(incremental).toEqual(await rebuilt(db, accountId));
  });

  it('reads the deals back when what it holds is not all that was stored', async ({ db }) => {
    const accountId = await newAccount(db);
    const follower = new PositionsFollower(db.pool);
    await store(db, follower, accountId, trips(1, 20));
    await follower.catchUp(accountId);
    // Stored without a handoff (another instance, an import): the held batch is not all.
    await insertDeals(db.pool, accountId, trips(21, 25));
    await store(db, follower, accountId, trips(26, 30));
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 1, read: 1 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));

    // Another instance took in a batch this one holds; one more stored without a handoff makes
    // the count what the held deals would add.
    await store(db, follower, accountId, trips(31, 32));
    await new PositionsFollower(db.pool).catchUp(accountId);
    await insertDeals(db.pool, accountId, trips(33, 34));
    await store(db, follower, accountId, trips(35, 36));
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 1, read: 2 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));
  });

  it('rebuilds from the database for late older tickets and after a delete', async ({ db }) => {
    const accountId = await newAccount(db);
    const follower = new PositionsFollower(db.pool);
    await store(db, follower, accountId, trips(10, 20, 100));
    await follower.catchUp(accountId);
    // Tickets below the watermark's highest: held, but not what follows it.
    await store(db, follower, accountId, trips(1, 3));
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 1, read: 1 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));

    // Newer tickets dated before the last deal: the builder refuses them, the account is rebuilt.
    await store(db, follower, accountId, [deal(500, 30, 0, 1), deal(501, 30, 1, 2, 5)]);
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 2, read: 2 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));

    await db.pool.query('DELETE FROM deals WHERE account_id = $1 AND position_id = 15', [
      accountId,
    ]);
    // Above every ticket, in time order: only the epoch tells of the delete.
    await store(db, follower, accountId, trips(40, 41, 1_000));
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 2, read: 3 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));
  });

  it('asks the stored rows about an id that finished before, and only about such ids', async ({
    db,
  }) => {
    const accountId = await newAccount(db);
    const follower = new PositionsFollower(db.pool);
    await store(db, follower, accountId, trips(1, 10));
    await follower.catchUp(accountId);
    // Position 5 opens again, after 11 and 12 (above every id finished) were taken in.
    await store(db, follower, accountId, [
      ...trips(11, 12),
      deal(101, 5, 0, 200),
      deal(102, 5, 1, 205, 15),
    ]);
    await follower.catchUp(accountId);
    const again = await built(db, accountId);
    expect(again.positions.filter((p) => p.position_id === '5').map((p) => p.round_trip)).toEqual([
      1, 2,
    ]);
    expect(again.mark).toMatchObject([{ key_max: 12 }]);
    expect(again).toEqual(await rebuilt(db, accountId));

    // A row the follower did not write, for an id above its highest: not asked about, so the
    // run's COPY meets it on the key and the run leaves nothing behind, its lock freed.
    await db.pool.query(
      `INSERT INTO closed_positions (account_id, position_id, round_trip, symbol, magic, side,
         volume, entry_price, exit_price, open_time, close_time, profit, commission, swap,
         exit_reason, is_flat)
       VALUES ($1, '21', 1, 'WINZ25', 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 'EXPERT', true)`,
      [accountId],
    );
    const before = await built(db, accountId);
    await store(db, follower, accountId, trips(21, 22, 200));
    await expect(follower.catchUp(accountId)).rejects.toBeInstanceOf(CopyFailed);
    expect(await built(db, accountId)).toEqual(before);
    const { rows: locks } = await db.pool.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`,
      [accountId],
    );
    expect(locks).toEqual([]);
    await db.pool.query(
      `DELETE FROM closed_positions WHERE account_id = $1 AND position_id = '21'`,
      [accountId],
    );
    await follower.catchUp(accountId);
    expect(follower.applied).toEqual({ handedOff: 3, read: 1 });
    expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));
  });

  it('gets the ingestion’s batches through the bus it follows, and not a resent one', async ({
    db,
  }) => {
    const accountId = await newAccount(db);
    const bus = new MemoryEventBus();
    const follower = new PositionsFollower(db.pool);
    const unfollow = follower.follow(bus);
    // No runs on its own timer: the test runs them.
    follower.stop();
    const acks: unknown[] = [];
    const ingest = new DealIngest(
      { pool: db.pool, bus },
      { userId, sessionId: 0, accountId, accountNumber: 9_100_000 + accounts },
      (m) => acks.push(m),
      0,
    );
    try {
      await ingest.store({ batchId: 'b1', deals: trips(1, 50), refused: [] });
      await follower.catchUp(accountId);
      // A lost ack: the batch again stores nothing, and nothing is handed over.
      await ingest.store({ batchId: 'b1', deals: trips(1, 50), refused: [] });
      await ingest.store({ batchId: 'b2', deals: trips(51, 60), refused: [] });
      await follower.catchUp(accountId);
      expect(acks).toHaveLength(3);
      expect(follower.applied).toEqual({ handedOff: 2, read: 0 });
      expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));
    } finally {
      unfollow();
    }
  });

  it('follows an account whose number the trader also holds on another server', async ({ db }) => {
    // One number at two brokers: the event names the number, and both accounts are followed.
    const accountNumber = 9_100_000 + ++accounts;
    const ids: number[] = [];
    for (const server of ['Corretora-A', 'Corretora-B'])
      ids.push(
        await upsertAccount(db.pool, {
          userId,
          accountNumber,
          server,
          company: '',
          currency: 'BRL',
          marginMode: 'netting',
          tradeMode: 'demo',
        }),
      );
    const bus = new MemoryEventBus();
    const follower = new PositionsFollower(db.pool);
    const unfollow = follower.follow(bus);
    try {
      for (const [i, accountId] of ids.entries()) {
        const ingest = new DealIngest(
          { pool: db.pool, bus },
          { userId, sessionId: 0, accountId, accountNumber },
          () => undefined,
          0,
        );
        await ingest.store({ batchId: `b${i}`, deals: trips(1 + 10 * i, 5 + 10 * i), refused: [] });
      }
      // Each built on its follower's own timer, from the deals_added events alone.
      await vi.waitFor(
        async () => {
          const rows = await rowsOf(
            db.pool,
            z.object({ account_id: z.number() }),
            'SELECT account_id FROM positions_watermarks WHERE account_id = ANY($1) ORDER BY 1',
            [ids],
          );
          expect(rows.map((r) => r.account_id)).toEqual(ids);
        },
        { timeout: 10_000, interval: 50 },
      );
      for (const accountId of ids)
        expect(await built(db, accountId)).toEqual(await rebuilt(db, accountId));
    } finally {
      follower.stop();
      unfollow();
    }
  });
});
