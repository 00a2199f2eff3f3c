import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createPool, ensureDatabase } from '../../db/database.js';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../db/embedded/embedded-postgres.js';
import { migrate } from '../../db/migrate.js';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';

/**
 * An app on a PostgreSQL of this file's own (the tier's shared one must not be killed), whose
 * postmaster is SIGKILLed and restarted by its supervisor. The app is told nothing by that
 * supervisor: it finds out as an app on an external database does, through its connections.
 */
let dir: string;
let pgServer: EmbeddedPostgres;
let pool: pg.Pool;
/** Another instance's connection: its writes reach this app only through NOTIFY. */
let other: pg.Pool;
let t: TestApp;

const whoami = (u: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/auth/whoami', headers: bearer(u.token) });

/**
 * A revocation this app never hears of: no trigger, so no NOTIFY. It is what a revocation made
 * while the app was not listening looks like once the app listens again.
 */
async function revokeUnheard(userId: number): Promise<void> {
  const c = await other.connect();
  try {
    await c.query('BEGIN');
    await c.query('SET LOCAL session_replication_role = replica');
    await c.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [userId]);
    await c.query('COMMIT');
  } finally {
    c.release();
  }
}

/** The session cache serves from memory again, which it does only while LISTEN is connected. */
async function listeningAgain(): Promise<TestUser> {
  let canary: TestUser | undefined;
  await vi.waitFor(
    async () => {
      canary = await makeUser(other, { role: 'trader' });
      expect((await whoami(canary)).statusCode).toBe(200);
      await revokeUnheard(canary.id);
      expect((await whoami(canary)).statusCode).toBe(200);
    },
    { timeout: 30_000, interval: 200 },
  );
  return canary as TestUser;
}

async function restartPostgres(): Promise<void> {
  const back = new Promise<void>((resolve) =>
    pgServer.onChange((c) => c.state === 'up' && resolve()),
  );
  process.kill(pgServer.pid as number, 'SIGKILL');
  await back;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-listen-'));
  pgServer = await startEmbeddedPostgres({ baseDir: dir, fsync: false, log: () => undefined });
  await ensureDatabase(pgServer.url('postgres'), 'vortex_listen');
  const url = pgServer.url('vortex_listen');
  pool = createPool(url);
  other = createPool(url);
  await migrate(pool);
  t = await createTestApp({ pool, url, name: 'listen', drop: async () => undefined });
}, 60_000);

afterAll(async () => {
  await t.close();
  await other.end();
  await pool.end();
  await pgServer.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('after PostgreSQL restarts', () => {
  it('LISTEN reconnects, and a session revoked while it could not listen is refused', async () => {
    const u = await makeUser(pool, { role: 'trader' });
    expect((await whoami(u)).statusCode).toBe(200);
    await revokeUnheard(u.id);
    // What the cache holds is served until a notification says otherwise.
    expect((await whoami(u)).statusCode).toBe(200);

    await restartPostgres();
    const canary = await listeningAgain();
    expect((await whoami(u)).statusCode).toBe(401);

    // The reconnected listener applies what is notified: a change to the canary's user.
    await other.query('UPDATE users SET full_name = full_name WHERE id = $1', [canary.id]);
    await vi.waitFor(async () => expect((await whoami(canary)).statusCode).toBe(401));
  }, 60_000);

  it('drops the positions it held and reads them anew', async () => {
    const trader = await makeUser(pool, { role: 'trader' });
    const rows = await rowsOf(
      pool,
      z.object({ id: z.number() }),
      `INSERT INTO mt5_accounts (user_id, account_number, server) VALUES ($1, 7712345, 'Demo')
       RETURNING id`,
      [trader.id],
    );
    const at = Date.now() - 3_600_000;
    await pool.query(
      `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry,
                          volume, price, profit, commission, swap, magic, reason, comment, time_msc)
       VALUES ($1, 1, 1, 1, 'WINZ25', 0, 0, 1, 125000, 0, 0, 0, 0, 0, '', $2),
              ($1, 2, 2, 1, 'WINZ25', 1, 1, 1, 125100, 100, 0, 0, 0, 0, '', $2 + 60000)`,
      [rows[0]?.id, at],
    );
    const stats = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dashboard/stats',
        headers: bearer(trader.token),
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const before = await stats();
    // The stored round trip, rewritten behind the cache's back: no deals version or watermark
    // moves, so only a cache that forgot what it held reads the new figure.
    await other.query('UPDATE closed_positions SET profit = 600 WHERE account_id = $1', [
      rows[0]?.id,
    ]);
    expect(await stats()).toBe(before);

    await restartPostgres();
    await listeningAgain();
    expect(await stats()).not.toBe(before);
  }, 60_000);
});
