import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRng, type Mt5Deal } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type TestDatabase,
  type TestUser,
} from '../../../server/test/fixture.js';
import { oneRow } from '../../../server/src/db/rows.js';
import { BridgeAgent } from './agent.js';
import { startChaosProxy } from './chaos-proxy.js';
import type { Mt5Source } from './mt5-source.js';
import { stubDeal, stubTerminal } from './stub-terminal.js';
import { waitUntil } from '../../../server/test/wait.js';

/**
 * The agent streams 10,000 deals through a relay that drops, duplicates and reorders messages
 * and cuts the connection at random, at least 100 times: the server must end holding exactly
 * the source's deals, none lost, none doubled.
 */
const TOTAL = 10_000;

/** A terminal that produces deals steadily, as a busy account would, until it has made TOTAL. */
function busyTerminal(): Mt5Source {
  let made = 0;
  const all: Mt5Deal[] = [];
  return stubTerminal(
    { account_number: 4_242_424, server: 'Chaos-Demo' },
    {
      poll: (after) => {
        const burst = Math.min(TOTAL - made, 150);
        for (let i = 0; i < burst; i++) all.push(stubDeal(++made));
        return all.filter((d) => d.ticket > after);
      },
    },
  );
}

// No deal yet: the count is 0 and min and max are null.
const StoredRow = z.object({
  n: z.number(),
  distinct: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

const stored = async (db: TestDatabase, trader: TestUser) =>
  oneRow(
    db.pool,
    StoredRow,
    `SELECT count(*)::int AS n, count(DISTINCT ticket)::int AS distinct, min(ticket) AS min, max(ticket) AS max
       FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1`,
    [trader.id],
  );

describe('chaos between the agent and the server', () => {
  it('ends with exactly the source deals after 100+ cuts, drops, duplicates and reorders', async ({
    base,
    db,
    api,
    trader,
  }) => {
    const rng = createRng(20261122);
    const proxy = await startChaosProxy({
      target: base,
      dropRate: 0.03,
      duplicateRate: 0.03,
      reorderRate: 0.03,
      cutAfter: () => 6 + Math.floor(rng.next() * 40),
      random: () => rng.next(),
    });
    const token = (await api.as(trader).post('/bridge/token/create')).json<{ token: string }>()
      .token;
    const agent = new BridgeAgent({
      serverUrl: proxy.url,
      pairingToken: token,
      stateDir: await mkdtemp(path.join(os.tmpdir(), 'vortex-chaos-')),
      source: busyTerminal(),
      clientVersion: '0.1.0',
      heartbeatMs: 40,
      batchSize: 250,
      ackTimeoutMs: 1_000,
      handshakeTimeoutMs: 500,
      log: () => undefined,
    });
    await agent.start();
    // Failing here is reported by the assertions below, which say what was missing.
    await waitUntil(
      async () =>
        (await stored(db, trader)).n === TOTAL && agent.pendingDeals === 0 && proxy.cuts() >= 100,
      'every deal stored through 100 cuts',
      { timeoutMs: 150_000, intervalMs: 200 },
    ).catch(() => undefined);
    agent.stop();
    await proxy.close();
    expect(proxy.cuts()).toBeGreaterThanOrEqual(100);
    expect(await stored(db, trader)).toEqual({ n: TOTAL, distinct: TOTAL, min: 1, max: TOTAL });
    expect(agent.pendingDeals).toBe(0);
  }, 180_000);
});
