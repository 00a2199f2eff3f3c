import { apiErrorMessages, backupMessages, HealthSchema, type BackupItem } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN, EmbeddedServer, type HttpAnswer } from '../../test/embedded-server.js';
import { makeUser, type TestUser } from '../../test/identities.js';
import { connectClient } from '../db/pg-client.js';
import { seedBackupData } from '../modules/backup/backup-fixtures.js';
import { z } from 'zod';
import { oneRow } from '../db/rows.js';

/**
 * The built server on its embedded PostgreSQL, whose postmaster is SIGKILLed under it: it must
 * keep running, answer every route in pt-BR 503 while the database is away (never 500, never a
 * hang), have its supervisor bring PostgreSQL back, and serve again without a restart.
 */
let server: EmbeddedServer;
let serverPid: number | undefined;
let trader: TestUser;
let adminToken: string;
/** Every answer the server gave in this file: not one may be a 500. */
const answers: HttpAnswer[] = [];

const OUTAGE_TIMEOUT_MS = 120_000;

async function call(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const answer = await server.call(method, url, opts);
  answers.push(answer);
  return answer;
}

/** A route of each kind a database outage touches: sign-in, trading, the bot, backups. */
function routes(who: { trader: TestUser; admin: string }) {
  return [
    () => call('POST', '/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } }),
    () => call('GET', '/dashboard/stats', { token: who.trader.token }),
    () => call('GET', '/trading/equity-curve', { token: who.trader.token }),
    () => call('GET', '/bot/status', { token: who.trader.token }),
    () => call('GET', '/api/backup/list', { token: who.admin }),
  ];
}

function expectUnavailable(a: HttpAnswer): void {
  expect(a.status).toBe(503);
  expect(a.body).toEqual({ success: false, error: apiErrorMessages.databaseUnavailable });
  expect(a.headers.get('retry-after')).toBe('5');
}

/** A live channel opened with `ticket`: how the server closed it, and what it said first. */
async function liveChannel(ticket: string): Promise<{ code: number; said: unknown }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/bridge/ws`);
  let said: unknown;
  ws.once('message', (m: Buffer) => (said = JSON.parse(m.toString()) as unknown));
  ws.once('open', () => ws.send(JSON.stringify({ ticket })));
  const code = await new Promise<number>((resolve) => ws.once('close', resolve));
  return { code, said };
}

async function health() {
  const res = await fetch(`${server.url}/health`);
  return { status: res.status, body: HealthSchema.parse(await res.json()) };
}

/** A connection holding an exclusive lock on deals: whatever reads them waits, mid-request. */
async function lockDeals() {
  const locker = await connectClient(server.databaseUrl);
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE deals IN ACCESS EXCLUSIVE MODE');
  return locker;
}

async function someoneWaitsOnTheLock(): Promise<boolean> {
  const { n } = await oneRow(
    server.pool,
    z.object({ n: z.number() }),
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return n > 0;
}

beforeAll(async () => {
  server = await EmbeddedServer.start();
  serverPid = server.pid;
  trader = await makeUser(server.pool, { role: 'trader' });
  await seedBackupData(server.pool, trader.id);
  adminToken = await server.login(ADMIN.email, ADMIN.password);
}, 90_000);

afterAll(async () => {
  await server.stop();
});

describe('the server outlives its PostgreSQL', () => {
  it(
    'survives a SIGKILL during a backup: pt-BR 503s while down, 200s once back, the backup failed',
    async () => {
      const who = { trader, admin: adminToken };
      for (const route of routes(who)) expect((await route()).status).toBe(200);

      const ticket = (await call('POST', '/api/bridge/events/ticket', { token: trader.token })).body
        .ticket as string;

      // The backup holds its lock and dump connections, waiting on deals, when PostgreSQL dies.
      const locker = await lockDeals();
      const run = call('POST', '/api/backup/run', { token: adminToken, body: {} });
      await server.waitFor('the backup to wait on deals', someoneWaitsOnTheLock);
      const database = await server.killDatabase();
      locker.end().catch(() => undefined);
      try {
        expectUnavailable(await run);
        for (const route of routes(who)) expectUnavailable(await route());
        const down = await health();
        expect(down.status).toBe(503);
        expect(down.body.database).toMatchObject({ reachable: false, state: 'restarting' });
        expect(down.body.database.last_outage?.ended_at).toBeNull();
        // A live channel cannot check its ticket: try again later, not 'ticket invalid'.
        expect(await liveChannel(ticket)).toEqual({
          code: 1013,
          said: { type: 'error', error: apiErrorMessages.databaseUnavailable },
        });
      } finally {
        await database.release();
      }
      await server.waitFor('the database to be back', () => server.healthy());
      const up = await health();
      expect(up.body.database).toMatchObject({ reachable: true, state: 'up' });
      expect(up.body.database.restarts).toBeGreaterThanOrEqual(1);
      expect(up.body.database.last_outage?.ended_at).not.toBeNull();
      for (const route of routes(who)) expect((await route()).status).toBe(200);

      // Marked failed once the database is back, with the reason: never left running.
      let backups: BackupItem[] = [];
      await server.waitFor('the backup to be marked failed', async () => {
        backups = (await call('GET', '/api/backup/list', { token: adminToken })).body
          .data as BackupItem[];
        return backups.every((b) => b.status !== 'in_progress');
      });
      expect(backups).toHaveLength(1);
      expect(backups[0]).toMatchObject({ status: 'failed', error: backupMessages.databaseLost });

      expect(server.alive).toBe(true);
      expect(server.pid).toBe(serverPid);
    },
    OUTAGE_TIMEOUT_MS,
  );

  it(
    'survives a SIGKILL under concurrent reads, each answered 200 or a pt-BR 503',
    async () => {
      // A trader never read before: the first read of their deals holds a pooled connection.
      const reader = await makeUser(server.pool, { role: 'trader' });
      await seedBackupData(server.pool, reader.id);
      const who = { trader: reader, admin: adminToken };
      const locker = await lockDeals();

      let stop = false;
      let back = false;
      const down = new Set<number>();
      const upAgain = new Set<number>();
      const during: HttpAnswer[] = [];
      const loops = routes(who).map(async (route, i) => {
        while (!stop) {
          const a = await route();
          during.push(a);
          if (a.status === 503) down.add(i);
          else if (back && a.status === 200) upAgain.add(i);
        }
      });
      await server.waitFor('a read to wait on deals', someoneWaitsOnTheLock);
      const database = await server.killDatabase();
      locker.end().catch(() => undefined);
      try {
        await server.waitFor('every route to answer 503', async () => down.size === loops.length);
      } finally {
        await database.release();
      }
      await server.waitFor('the database to be back', () => server.healthy());
      back = true;
      await server.waitFor(
        'every route to answer 200 again',
        async () => upAgain.size === loops.length,
      );
      stop = true;
      await Promise.all(loops);

      for (const a of during) {
        if (a.status === 503) expectUnavailable(a);
        else expect(a.status).toBe(200);
      }
      expect(server.alive).toBe(true);
      expect(server.pid).toBe(serverPid);
    },
    OUTAGE_TIMEOUT_MS,
  );

  it(
    'marks failed, when it starts again, a backup it was running when the server itself died',
    async () => {
      const locker = await lockDeals();
      const run = call('POST', '/api/backup/run', { token: adminToken, body: {} }).catch(
        () => undefined,
      );
      await server.waitFor('the backup to wait on deals', someoneWaitsOnTheLock);
      await server.crashAndRestart();
      await run;
      await locker.end().catch(() => undefined);

      const token = await server.login(ADMIN.email, ADMIN.password);
      let newest: BackupItem | undefined;
      await server.waitFor('the interrupted backup to be marked failed', async () => {
        const list = (await call('GET', '/api/backup/list', { token })).body.data as BackupItem[];
        newest = list[0];
        return newest?.status !== 'in_progress';
      });
      expect(newest).toMatchObject({ status: 'failed', error: backupMessages.interrupted });
    },
    OUTAGE_TIMEOUT_MS,
  );

  it('answered no request with a 500 and let no rejection go unhandled', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(server.output).not.toContain('unhandled rejection');
  });
});
