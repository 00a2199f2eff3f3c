import type { Mt5Deal } from '@vortex/core';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../test/fixture.js';
import { insertDeals, upsertAccount } from '../modules/bridge/trading-ingest.repo.js';
import { oneRow } from './rows.js';

let db: TestDatabase;
let accountId: number;
let otherId: number;

function deal(ticket: number): Mt5Deal {
  return {
    ticket,
    order: ticket,
    position_id: ticket,
    symbol: 'WINZ25',
    type: 0,
    entry: 0,
    volume: 1,
    price: 125_000,
    profit: 0,
    commission: 0,
    swap: 0,
    magic: 1,
    reason: 3,
    comment: '',
    time: 1_700_000_000 + ticket,
    time_msc: (1_700_000_000 + ticket) * 1000,
  };
}

const VersionSchema = z.object({
  v: z.object({ count: z.number(), maxTicket: z.number(), epoch: z.number() }),
});
const CountSchema = z.object({ n: z.number() });

async function versionOf(id: number) {
  const { v } = await oneRow(db.pool, VersionSchema, 'SELECT deals_version($1) AS v', [id]);
  return { count: v.count, max: v.maxTicket, epoch: v.epoch };
}

it.beforeAll(async ({ db: fx, newUser }) => {
  db = fx;
  const user = await newUser({ role: 'trader', session: false });
  const account = { userId: user.id, server: 'Demo', company: '', currency: 'BRL' };
  const modes = { marginMode: 'netting', tradeMode: 'demo' };
  accountId = await upsertAccount(db.pool, { ...account, ...modes, accountNumber: 1 });
  otherId = await upsertAccount(db.pool, { ...account, ...modes, accountNumber: 2 });
});

describe('the deals version kept by the database', () => {
  it('counts the deals each statement stores and keeps the highest ticket', async () => {
    expect(await versionOf(accountId)).toEqual({ count: 0, max: 0, epoch: 0 });
    await insertDeals(db.pool, accountId, [deal(1), deal(2), deal(5)]);
    expect(await versionOf(accountId)).toEqual({ count: 3, max: 5, epoch: 0 });
    // A resend stores nothing and moves nothing; an older ticket grows the count only.
    await insertDeals(db.pool, accountId, [deal(2), deal(3)]);
    expect(await versionOf(accountId)).toEqual({ count: 4, max: 5, epoch: 0 });
    expect(await versionOf(otherId)).toEqual({ count: 0, max: 0, epoch: 0 });
  });

  it('moves nothing when a statement fails, and counts accounts of one statement apart', async () => {
    await expect(
      db.pool.query(
        `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
           price, profit, commission, swap, magic, reason, time_msc)
         VALUES ($1, 9, 9, 9, 'WINZ25', 0, 0, 1, 1, 0, 0, 0, 1, 3, 1), ($1, 1, 1, 1, 'WINZ25', 0, 0, 1, 1, 0, 0, 0, 1, 3, 1)`,
        [accountId],
      ),
    ).rejects.toThrow();
    expect(await versionOf(accountId)).toEqual({ count: 4, max: 5, epoch: 0 });
    await db.pool.query(
      `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
         price, profit, commission, swap, magic, reason, time_msc)
       VALUES ($1, 7, 7, 7, 'WINZ25', 0, 0, 1, 1, 0, 0, 0, 1, 3, 1), ($2, 8, 8, 8, 'WINZ25', 0, 0, 1, 1, 0, 0, 0, 1, 3, 1)`,
      [accountId, otherId],
    );
    expect(await versionOf(accountId)).toEqual({ count: 5, max: 7, epoch: 0 });
    expect(await versionOf(otherId)).toEqual({ count: 1, max: 8, epoch: 0 });
  });

  it('bumps the epoch when deals are deleted', async () => {
    await db.pool.query('DELETE FROM deals WHERE account_id = $1 AND ticket = 1', [accountId]);
    expect(await versionOf(accountId)).toEqual({ count: 4, max: 7, epoch: 1 });
  });

  it('sums the rows of every writer connection', async () => {
    // Separate connections land on separate rows (no shared lock), the version adds them up.
    const clients = await Promise.all([db.pool.connect(), db.pool.connect(), db.pool.connect()]);
    try {
      await Promise.all(
        clients.map((c, i) => insertDeals(c, otherId, [deal(100 + 2 * i), deal(101 + 2 * i)])),
      );
    } finally {
      for (const c of clients) c.release();
    }
    expect(await versionOf(otherId)).toEqual({ count: 7, max: 105, epoch: 0 });
    const { n } = await oneRow(
      db.pool,
      CountSchema,
      'SELECT count(*)::int AS n FROM deal_counts WHERE account_id = $1',
      [otherId],
    );
    expect(n).toBeGreaterThan(1);
  });

  it("forgets an account's counts with the account", async () => {
    await db.pool.query('DELETE FROM mt5_accounts WHERE id = $1', [accountId]);
    const { n } = await oneRow(
      db.pool,
      CountSchema,
      'SELECT count(*)::int AS n FROM deal_counts WHERE account_id = $1',
      [accountId],
    );
    expect(n).toBe(0);
    expect(await versionOf(accountId)).toEqual({ count: 0, max: 0, epoch: 0 });
  });
});
