import { dealsToPositions, type Mt5Deal } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';
import { DEAL_COLUMNS, isTradeRow, toDeal, type DealRow } from './deal-row.js';
import { PositionsCache } from './positions-cache.js';
import { currentAccountOf } from './trading.repo.js';

let db: TestDatabase;
let userId: number;
const T0 = Date.UTC(2026, 0, 5, 13);
const MINUTE = 60_000;

function deal(ticket: number, position: number, entry: 0 | 1, minute: number, profit = 0): Mt5Deal {
  const ms = T0 + minute * MINUTE;
  return {
    ticket,
    order: ticket,
    position_id: position,
    symbol: 'WINZ25',
    type: (position + entry) % 2,
    entry,
    volume: 1,
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

async function newAccount(number: number): Promise<number> {
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

async function versionOf(accountId: number) {
  const { rows } = await db.pool.query<{
    deals: { count: number; maxTicket: number; epoch: number };
  }>('SELECT deals_version($1) AS deals', [accountId]);
  const deals = rows[0]?.deals;
  if (!deals) throw new Error('no account');
  return deals;
}

/** What one rebuild from every stored deal gives: the reference the cache must always equal. */
async function rebuilt(accountId: number) {
  const { rows } = await db.pool.query<DealRow>({
    text: `SELECT ${DEAL_COLUMNS} FROM deals WHERE account_id = $1 ORDER BY time_msc, ticket`,
    values: [accountId],
    rowMode: 'array',
  });
  return dealsToPositions(rows.filter(isTradeRow).map(toDeal));
}

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await makeUser(db.pool, { role: 'trader', session: false })).id;
});
afterAll(() => db.drop());

describe('PositionsCache', () => {
  it('reads an account once, then takes in only the deals above its highest ticket', async () => {
    const accountId = await newAccount(1);
    await insertDeals(db.pool, accountId, trips(1, 40));
    const cache = new PositionsCache(db.pool);
    const connect = vi.spyOn(db.pool, 'connect');

    const book = await cache.bookOf(accountId, await versionOf(accountId));
    expect([...book.positions()]).toEqual(await rebuilt(accountId));
    expect(book.positions()).toHaveLength(40);
    expect(book.positions()[0]?.exit_reason).toBe('EXPERT');
    expect(book.positions()[2]?.exit_reason).toBe('SL');

    // Current: no read at all.
    const same = await versionOf(accountId);
    connect.mockClear();
    expect(await cache.bookOf(accountId, same)).toBe(book);
    expect(connect).not.toHaveBeenCalled();

    // Newer deals, including the close of a position opened before: the same book grows.
    await insertDeals(db.pool, accountId, [deal(81, 41, 0, 410)]);
    await cache.bookOf(accountId, await versionOf(accountId));
    await insertDeals(db.pool, accountId, [deal(82, 41, 1, 415, 70), ...trips(42, 45, 0)]);
    const grown = await versionOf(accountId);
    connect.mockClear();
    expect(await cache.bookOf(accountId, grown)).toBe(book);
    expect(connect).toHaveBeenCalledTimes(1);
    expect([...book.positions()]).toEqual(await rebuilt(accountId));
    expect(book.positions()).toHaveLength(45);
    expect(cache.heldDeals).toBe(90);
    connect.mockRestore();
  });

  it('reads the history anew when an older ticket arrives late or deals are deleted', async () => {
    const accountId = await newAccount(2);
    await insertDeals(db.pool, accountId, trips(10, 20));
    const cache = new PositionsCache(db.pool);
    const first = await cache.bookOf(accountId, await versionOf(accountId));
    expect(first.positions()).toHaveLength(11);

    // Tickets below the highest held: fetching "above it" would miss them.
    await insertDeals(db.pool, accountId, trips(1, 3));
    const second = await cache.bookOf(accountId, await versionOf(accountId));
    expect(second).not.toBe(first);
    expect([...second.positions()]).toEqual(await rebuilt(accountId));
    expect(second.positions()).toHaveLength(14);

    await db.pool.query('DELETE FROM deals WHERE account_id = $1 AND position_id = 15', [
      accountId,
    ]);
    const third = await cache.bookOf(accountId, await versionOf(accountId));
    expect(third).not.toBe(second);
    expect(third.positions()).toHaveLength(13);
    expect(cache.heldDeals).toBe(26);
  });

  it('reads once for requests arriving together', async () => {
    const accountId = await newAccount(3);
    await insertDeals(db.pool, accountId, trips(1, 30));
    const cache = new PositionsCache(db.pool);
    const connect = vi.spyOn(db.pool, 'connect');
    const version = await versionOf(accountId);
    connect.mockClear();
    const books = await Promise.all(
      Array.from({ length: 8 }, () => cache.bookOf(accountId, version)),
    );
    expect(new Set(books).size).toBe(1);
    expect(connect).toHaveBeenCalledTimes(1);
    connect.mockRestore();
  });

  it('drops the least recently used accounts beyond its budget of deals', async () => {
    const [a, b] = [await newAccount(4), await newAccount(5)];
    await insertDeals(db.pool, a, trips(1, 10));
    await insertDeals(db.pool, b, trips(1, 10));
    const cache = new PositionsCache(db.pool, { maxDeals: 30 });
    const bookA = await cache.bookOf(a, await versionOf(a));
    await cache.bookOf(b, await versionOf(b));
    expect(cache.heldDeals).toBe(20);
    await insertDeals(db.pool, b, trips(11, 16));
    await cache.bookOf(b, await versionOf(b));
    // 32 deals held would be over 30: a, used longest ago, goes.
    expect(cache.heldDeals).toBe(12 + 20);
    expect(await cache.bookOf(a, await versionOf(a))).not.toBe(bookA);
  });

  it('serves the account the screens read, with its version', async () => {
    const account = await currentAccountOf(db.pool, userId);
    expect(account?.deals).toEqual(await versionOf(account?.id ?? 0));
  });
});
