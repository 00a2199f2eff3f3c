import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';
import { writeHeartbeats } from '../bridge/heartbeat-batch.repo.js';
import { upsertAccount } from '../bridge/trading-ingest.repo.js';
import { RETENTION_BATCH, thinAccountSnapshots } from './account-snapshot-retention.js';

let db: TestDatabase;
it.beforeAll(({ db: fx }) => {
  db = fx;
});

const NOW = new Date('2026-11-26T12:00:00Z');
const figures = (equity: number) => ({
  balance: 10_000,
  equity,
  margin: 100,
  free_margin: equity - 100,
  margin_level: equity,
  profit: equity - 10_000,
  currency: 'BRL',
});

async function account(): Promise<number> {
  const u = await makeUser(db.pool, { role: 'trader', session: false });
  return upsertAccount(db.pool, {
    userId: u.id,
    accountNumber: 6_000_000 + u.id,
    server: 'Vortex-Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
}

/** Stores history rows the way the agents' batch does. */
async function report(accountId: number, times: string[]): Promise<void> {
  const rows = times.map((t, i) => ({ accountId, ts: new Date(t), account: figures(10_000 + i) }));
  await writeHeartbeats(db.pool, { pings: [], accounts: rows.slice(-1), snapshots: rows });
}

const kept = async (accountId: number) =>
  (
    await rowsOf(
      db.pool,
      z.object({ ts: z.date(), resolution: z.number() }),
      'SELECT ts, resolution FROM account_snapshots WHERE account_id = $1 ORDER BY ts',
      [accountId],
    )
  ).map((r) => [r.ts.toISOString(), r.resolution]);

describe('thinAccountSnapshots', () => {
  it('keeps 7 days in full, the last row of each hour for a year, of each São Paulo day after', async () => {
    const id = await account();
    await report(id, [
      // Over a year old: 12:00Z to 02:30Z next day are one São Paulo day (the last 23:30 there).
      '2025-05-10T12:00:00.000Z',
      '2025-05-10T20:00:00.000Z',
      '2025-05-11T02:30:00.000Z',
      '2025-05-11T04:00:00.000Z',
      // Ten days old: two hours, the last row of each kept.
      '2026-11-16T10:10:00.000Z',
      '2026-11-16T10:20:00.000Z',
      '2026-11-16T10:50:00.000Z',
      '2026-11-16T11:05:00.000Z',
      // Within 7 days: all of it.
      '2026-11-25T09:00:00.000Z',
      '2026-11-25T09:00:10.000Z',
    ]);
    expect(await thinAccountSnapshots(db.pool, NOW)).toBe(4);
    expect(await kept(id)).toEqual([
      ['2025-05-11T02:30:00.000Z', 2],
      ['2025-05-11T04:00:00.000Z', 2],
      ['2026-11-16T10:50:00.000Z', 1],
      ['2026-11-16T11:05:00.000Z', 1],
      ['2026-11-25T09:00:00.000Z', 0],
      ['2026-11-25T09:00:10.000Z', 0],
    ]);
    // Thinned once: a second run finds nothing.
    expect(await thinAccountSnapshots(db.pool, NOW)).toBe(0);
  });

  it('thins a backlog larger than a statement batch to the same rows', async () => {
    const id = await account();
    const rows = RETENTION_BATCH * 2 + 2_000;
    // One row a second from midnight: hours 00 to 03 of a day ten days back.
    await db.pool.query(
      `INSERT INTO account_snapshots (account_id, ts, balance, equity, margin, free_margin, margin_level, profit)
       SELECT $1, timestamptz '2026-11-16T00:00:00Z' + make_interval(secs => s), 1, 1, 0, 1, 0, 0
       FROM generate_series(0, $2 - 1) s`,
      [id, rows],
    );
    expect(await thinAccountSnapshots(db.pool, NOW)).toBe(rows - 4);
    expect(await kept(id)).toEqual([
      ['2026-11-16T00:59:59.000Z', 1],
      ['2026-11-16T01:59:59.000Z', 1],
      ['2026-11-16T02:59:59.000Z', 1],
      ['2026-11-16T03:19:59.000Z', 1],
    ]);
  });
});
