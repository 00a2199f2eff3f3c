import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type TestDatabase,
  type TestUser,
} from '../../../server/test/fixture.js';
import { oneRow, rowsOf } from '../../../server/src/db/rows.js';
import { BridgeAgent } from './agent.js';
import { createSimSource } from './sim-source.js';
import { waitUntil } from '../../../server/test/wait.js';

const storedTickets = async (db: TestDatabase, trader: TestUser) =>
  (
    await rowsOf(
      db.pool,
      z.object({ ticket: z.number() }),
      'SELECT d.ticket FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1 ORDER BY d.ticket',
      [trader.id],
    )
  ).map((r) => r.ticket);

describe('the bridge agent against the server', () => {
  it('pairs with a token, streams the simulated history once, and resumes with its session', async ({
    base,
    db,
    api,
    trader,
  }) => {
    const token = (await api.as(trader).post('/bridge/token/create')).json<{ token: string }>()
      .token;
    const stateDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-agent-'));
    const fixedNow = Date.parse('2025-11-19T17:00:00Z');
    const source = () =>
      createSimSource({ seed: 'agent-test', historyDays: 10, speed: 1, now: () => fixedNow });
    const expected = source()
      .poll(0)
      .map((d) => d.ticket);
    expect(expected.length).toBeGreaterThan(20);

    const first = new BridgeAgent({
      serverUrl: base,
      pairingToken: token,
      stateDir,
      source: source(),
      clientVersion: '0.1.0',
      heartbeatMs: 200,
      log: () => undefined,
    });
    await first.start();
    await waitUntil(
      async () =>
        (await storedTickets(db, trader)).length === expected.length && first.pendingDeals === 0,
      'the history never all stored',
    );
    expect(await storedTickets(db, trader)).toEqual(expected);
    const status = (await api.as(trader).get('/api/mt5/status')).json<{ connected: boolean }>();
    expect(status.connected).toBe(true);
    first.stop();

    // Restarted with the same state folder: the saved session resumes, nothing is stored twice.
    const resumed = source();
    const poll = resumed.poll.bind(resumed);
    let polls = 0;
    resumed.poll = (...args) => {
      polls += 1;
      return poll(...args);
    };
    const second = new BridgeAgent({
      serverUrl: base,
      stateDir,
      source: resumed,
      clientVersion: '0.1.0',
      heartbeatMs: 200,
      log: () => undefined,
    });
    await second.start();
    const lastPing = async () =>
      (
        await oneRow(
          db.pool,
          z.object({ at: z.date().nullable() }),
          'SELECT max(last_ping_at) AS at FROM bridge_sessions WHERE user_id = $1',
          [trader.id],
        )
      ).at?.getTime() ?? 0;
    const stoppedAt = await lastPing();
    // The resumed agent reads its source again and may offer deals the server already has (its
    // heartbeat goes out before those deals, which wait on the outbox's file): once it polled
    // twice, a heartbeat of it was handled and nothing is left unacknowledged, all were answered.
    await waitUntil(
      async () => polls >= 2 && (await lastPing()) > stoppedAt && second.pendingDeals === 0,
      'the resumed agent never caught up',
    );
    expect(await storedTickets(db, trader)).toEqual(expected);
    expect(second.pendingDeals).toBe(0);
    const sessions = await db.pool.query(
      'SELECT count(*)::int AS n FROM bridge_sessions WHERE user_id = $1',
      [trader.id],
    );
    expect(sessions.rows[0]).toEqual({ n: 1 });
    second.stop();
  });
});
