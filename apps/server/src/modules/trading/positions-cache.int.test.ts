import { dealsToPositions, type Mt5Deal } from '@vortex/core';
import { vi } from 'vitest';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { columnRows } from '../../db/row-columns.js';
import { maybeRow, oneRow } from '../../db/rows.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';
import { DEAL_COLUMNS, DEAL_ROW_KINDS, isTradeRow, toDeal, type DealRow } from './deal-row.js';
import { PositionsCache } from './positions-cache.js';
import { DealsVersionSchema } from './positions-cache.repo.js';
import { currentAccountOf } from './trading.repo.js';

let userId: number;
const T0 = Date.UTC(2026, 0, 5, 13);
const MINUTE = 60_000;
const ALL = [0, Number.MAX_SAFE_INTEGER] as const;

function deal(
  ticket: number,
  position: number,
  entry: 0 | 1 | 2,
  minute: number,
  profit = 0,
): Mt5Deal {
  const ms = T0 + minute * MINUTE;
  return {
    ticket,
    order: ticket,
    position_id: position,
    symbol: 'WINZ25',
    type: (position + entry) % 2,
    entry,
    volume: entry === 2 ? 2 : 1,
    price: 125_000 + ticket,
    profit,
    commission: -0.5,
    swap: 0,
    magic: 135_000 + (position % 2),
    reason: entry === 1 && position % 3 === 0 ? 4 : 3,
    comment: '',
    time: Math.floor(ms / 1000),
    time_msc: ms,
  };
}

/** Positions 1..n, each opened at minute 10p and closed 5 minutes later. */
const trips = (from: number, to: number, ticketBase = 0) =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const p = from + i;
    return [
      deal(ticketBase + 2 * p - 1, p, 0, 10 * p),
      deal(ticketBase + 2 * p, p, 1, 10 * p + 5, p % 4 === 0 ? -30 : 50),
    ];
  }).flat();

async function newAccount(db: TestDatabase, number: number): Promise<number> {
  return upsertAccount(db.pool, {
    userId,
    accountNumber: number,
    server: 'Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
}

async function versionOf(db: TestDatabase, accountId: number) {
  const { deals } = await oneRow(
    db.pool,
    z.object({ deals: DealsVersionSchema }),
    'SELECT deals_version($1) AS deals',
    [accountId],
  );
  return deals;
}

/** What one rebuild from every stored deal gives: the reference the cache must always equal. */
async function rebuilt(db: TestDatabase, accountId: number) {
  const sql = `SELECT ${DEAL_COLUMNS} FROM deals WHERE account_id = $1 ORDER BY time_msc, ticket`;
  const answer = await db.pool.query({ text: sql, values: [accountId], rowMode: 'array' });
  const rows: DealRow[] = columnRows(answer.rows, DEAL_ROW_KINDS, sql);
  return dealsToPositions(rows.filter(isTradeRow).map(toDeal));
}

async function all(db: TestDatabase, cache: PositionsCache, accountId: number) {
  return cache.closedBetween(accountId, await versionOf(db, accountId), ...ALL);
}

/** Rebuilds the follower made of the account (1 after its first build). */
async function buildsOf(db: TestDatabase, accountId: number): Promise<number> {
  const row = await maybeRow(
    db.pool,
    z.object({ builds: z.number() }),
    'SELECT builds FROM positions_watermarks WHERE account_id = $1',
    [accountId],
  );
  return row?.builds ?? 0;
}

it.beforeAll(async ({ newUser }) => {
  userId = (await newUser({ role: 'trader', session: false })).id;
});

describe('PositionsCache and its follower', () => {
  it('stores positions once, then takes in only the deals above the watermark', async ({ db }) => {
    const accountId = await newAccount(db, 1);
    await insertDeals(db.pool, accountId, trips(1, 40));
    const cache = new PositionsCache(db.pool);
    const first = await all(db, cache, accountId);
    expect(first.positions).toEqual(await rebuilt(db, accountId));
    expect(first.positions).toHaveLength(40);
    expect(first.dealCount).toBe(80);
    expect(first.positions[0]?.exit_reason).toBe('EXPERT');
    expect(first.positions[2]?.exit_reason).toBe('SL');

    // Current: no read at all.
    const same = await versionOf(db, accountId);
    const connect = vi.spyOn(db.pool, 'connect');
    await cache.closedBetween(accountId, same, ...ALL);
    expect(connect).not.toHaveBeenCalled();
    connect.mockRestore();

    // A position left open, then partly closed, reversed (INOUT) and closed across increments.
    await insertDeals(db.pool, accountId, [deal(81, 41, 0, 410), deal(82, 41, 0, 411)]);
    await all(db, cache, accountId);
    await insertDeals(db.pool, accountId, [deal(83, 41, 1, 412, 20)]);
    expect((await all(db, cache, accountId)).positions).toEqual(await rebuilt(db, accountId));
    await insertDeals(db.pool, accountId, [deal(84, 41, 2, 413, 40), ...trips(42, 45, 0)]);
    await insertDeals(db.pool, accountId, [deal(100, 41, 1, 460, 10)]);
    const grown = await all(db, cache, accountId);
    expect(grown.positions).toEqual(await rebuilt(db, accountId));
    expect(grown.positions.filter((p) => p.position_id === '41').map((p) => p.round_trip)).toEqual([
      1, 2,
    ]);
    expect(await buildsOf(db, accountId)).toBe(1);

    // Another instance (a cache of its own on the same database) reads the same rows, writes none.
    const other = new PositionsCache(db.pool);
    expect((await all(db, other, accountId)).positions).toEqual(grown.positions);
    expect(await buildsOf(db, accountId)).toBe(1);
    // A restart resumes from the watermark: new deals are added, nothing is rebuilt.
    await insertDeals(db.pool, accountId, trips(46, 47, 100));
    const restarted = new PositionsCache(db.pool);
    const resumed = await restarted.closedBetween(
      accountId,
      await versionOf(db, accountId),
      T0 + 455 * MINUTE,
      T0 + 475 * MINUTE,
    );
    expect(resumed.positions).toEqual(
      (await rebuilt(db, accountId)).filter((p) => p.close_time >= T0 + 455 * MINUTE),
    );
    expect(await buildsOf(db, accountId)).toBe(1);
  });

  it('builds the account anew when an older ticket arrives late or deals are deleted', async ({
    db,
  }) => {
    const accountId = await newAccount(db, 2);
    await insertDeals(db.pool, accountId, trips(10, 20));
    const cache = new PositionsCache(db.pool);
    expect((await all(db, cache, accountId)).positions).toHaveLength(11);

    // Tickets below the highest held: fetching "above it" would miss them.
    await insertDeals(db.pool, accountId, trips(1, 3));
    const second = await all(db, cache, accountId);
    expect(second.positions).toEqual(await rebuilt(db, accountId));
    expect(second.positions).toHaveLength(14);
    expect(await buildsOf(db, accountId)).toBe(2);

    // A newer ticket dated before the last deal: the book refuses it, the follower rebuilds.
    await insertDeals(db.pool, accountId, [deal(500, 30, 0, 1), deal(501, 30, 1, 2, 5)]);
    expect((await all(db, cache, accountId)).positions).toEqual(await rebuilt(db, accountId));
    expect(await buildsOf(db, accountId)).toBe(3);

    await db.pool.query('DELETE FROM deals WHERE account_id = $1 AND position_id = 15', [
      accountId,
    ]);
    const third = await all(db, cache, accountId);
    expect(third.positions).toEqual(await rebuilt(db, accountId));
    expect(third.positions).toHaveLength(14);
    expect(third.dealCount).toBe(28);
  });

  it('builds once for requests arriving together, in this instance and another', async ({ db }) => {
    const accountId = await newAccount(db, 3);
    await insertDeals(db.pool, accountId, trips(1, 30));
    const [a, b] = [new PositionsCache(db.pool), new PositionsCache(db.pool)];
    const version = await versionOf(db, accountId);
    const reads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).closedBetween(accountId, version, ...ALL),
      ),
    );
    expect(new Set(reads.map((r) => r.positions.length))).toEqual(new Set([30]));
    expect(await buildsOf(db, accountId)).toBe(1);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM closed_positions WHERE account_id = $1',
      [accountId],
    );
    expect(n).toBe(30);
  });

  it('drops the least recently used accounts beyond its memory budget', async ({ db }) => {
    const [a, b] = [await newAccount(db, 4), await newAccount(db, 5)];
    await insertDeals(db.pool, a, trips(1, 1000));
    await insertDeals(db.pool, b, trips(1, 1000));
    const cache = new PositionsCache(db.pool, { budgetMb: 0.5 });
    await all(db, cache, a);
    const held = cache.heldBytes;
    expect(held).toBeGreaterThan(0);
    await all(db, cache, b);
    // Two accounts would be over half a MiB: a, used longest ago, goes.
    expect(cache.heldBytes).toBe(held);
    const version = await versionOf(db, a);
    const connect = vi.spyOn(db.pool, 'connect');
    await cache.closedBetween(a, version, ...ALL);
    expect(connect).toHaveBeenCalledTimes(1);
    connect.mockRestore();
  });

  it('serves the account the screens read, with its version', async ({ db }) => {
    const account = await currentAccountOf(db.pool, userId);
    expect(account?.deals).toEqual(await versionOf(db, account?.id ?? 0));
  });
});
