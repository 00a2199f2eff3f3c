import type { Mt5Deal } from '@vortex/core';
import { vi } from 'vitest';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../test/fixture.js';
import { insertDeals, upsertAccount } from '../modules/bridge/trading-ingest.repo.js';
import { PositionsFollower } from '../modules/trading/positions-follower.js';
import { oneRow } from './rows.js';

let db: TestDatabase;
let userId: number;
let accounts = 0;
const T0 = Date.UTC(2026, 0, 5, 13);

function deal(ticket: number, entry: 0 | 1): Mt5Deal {
  const ms = T0 + ticket * 60_000;
  return {
    ticket,
    order: ticket,
    position_id: 1 + Math.floor((ticket - 1) / 2),
    symbol: 'WINZ25',
    type: entry,
    entry,
    volume: 1,
    price: 125_000 + ticket,
    profit: entry === 1 ? 40 : 0,
    commission: -0.5,
    swap: 0,
    magic: 1,
    reason: 3,
    comment: '',
    time: Math.floor(ms / 1000),
    time_msc: ms,
  };
}

async function builtAccount(): Promise<number> {
  const id = await upsertAccount(db.pool, {
    userId,
    accountNumber: 9_200_000 + ++accounts,
    server: 'Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  await insertDeals(db.pool, id, [deal(1, 0), deal(2, 1), deal(3, 0), deal(4, 1)]);
  await new PositionsFollower(db.pool).catchUp(id);
  return id;
}

const CountSchema = z.object({ n: z.number() });

async function rowsOf(accountId: number) {
  const count = async (table: string) =>
    (
      await oneRow(
        db.pool,
        CountSchema,
        `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`,
        [accountId],
      )
    ).n;
  return {
    positions: await count('closed_positions'),
    days: await count('deal_day_totals'),
    mark: await count('positions_watermarks'),
  };
}

it.beforeAll(async ({ db: fx, newUser }) => {
  db = fx;
  userId = (await newUser()).id;
});

describe('closed positions without per-row foreign-key checks (0024)', () => {
  it("go with their account, and leave every other account's alone", async () => {
    const gone = await builtAccount();
    const kept = await builtAccount();
    expect(await rowsOf(gone)).toEqual({ positions: 2, days: 1, mark: 1 });
    await db.pool.query('DELETE FROM mt5_accounts WHERE id = $1', [gone]);
    expect(await rowsOf(gone)).toEqual({ positions: 0, days: 0, mark: 0 });
    expect(await rowsOf(kept)).toEqual({ positions: 2, days: 1, mark: 1 });
  });

  it('a follower run for an account deleted under it writes nothing: its watermark still checks', async () => {
    const id = await builtAccount();
    await insertDeals(db.pool, id, [deal(5, 0), deal(6, 1)]);
    // The delete lands while the run's deals are stored but not yet followed.
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM mt5_accounts WHERE id = $1', [id]);
      const run = new PositionsFollower(db.pool).catchUp(id).then(
        () => 'ok',
        () => 'failed',
      );
      // The run has written its positions and waits on the watermark's key check of the account
      // the delete holds: only then does the delete commit.
      await vi.waitFor(
        async () => {
          const { n } = await oneRow(
            db.pool,
            CountSchema,
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      await client.query('COMMIT');
      expect(await run).toBe('failed');
    } finally {
      client.release();
    }
    expect(await rowsOf(id)).toEqual({ positions: 0, days: 0, mark: 0 });
  });
});
