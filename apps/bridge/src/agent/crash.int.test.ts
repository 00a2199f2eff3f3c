import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRng, type Mt5Deal } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, makeUser, type TestUser } from '../../../server/test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-database.js';
import { oneRow } from '../../../server/src/db/rows.js';
import { BridgeAgent } from './agent.js';
import type * as Backoff from './backoff.js';
import type { Mt5Source } from './mt5-source.js';
import { stubDeal, stubTerminal } from './stub-terminal.js';
import { freePort, serverProcess, type ServerProcess } from './server-process.js';
import { startWireTap, type WireTap } from './wire-tap.js';
import { waitUntil } from '../../../server/test/wait.js';

// A restart takes about a second; the real 0.5–15 s backoff would spend the test waiting, so
// the agent retries on the same jittered curve scaled down, within 100 ms.
vi.mock('./backoff.js', async (importOriginal) => {
  const real = await importOriginal<typeof Backoff>();
  return {
    ...real,
    nextDelay: (attempt: number) => Math.min(100, Math.floor(real.nextDelay(attempt) / 10)),
  };
});

/**
 * The issue's crash test: the real server process (apps/server/dist/main.js) is killed with
 * SIGKILL at random moments while the real agent streams deals, at least 200 times, restarting
 * each time. Every deal the agent was told is stored must be stored, nothing twice, and in the
 * end every deal the terminal made. Build first: `npm run build`.
 *
 * Each restart costs a full server start (about a second of CPU here), so the run takes about
 * four minutes on two idle cores, and longer on a busy machine: hence the long timeout. The
 * server starts without the trading reads' warm-up (server-process.ts): no screen reads it, and
 * the wait for it made each start about a quarter longer. Most of what is left is Node loading
 * the server's modules.
 */
const KILLS = 200;
const BATCH = 100;
/** The terminal tops the agent's outbox up to this many deals at each beat. */
const BACKLOG = 1000;

let db: TestDatabase;
let dir: string;
let server: ServerProcess;
let tap: WireTap;
let trader: TestUser;
let agent: BridgeAgent | undefined;

// Not on the fixture: the server under test is the built one, spawned as a process on this
// database and killed mid-run, not an app in this worker.
beforeAll(async () => {
  db = await createTestDatabase();
  trader = await makeUser(db.pool, { role: 'trader' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-crash-'));
  server = serverProcess({
    databaseUrl: db.url,
    dataDir: path.join(dir, 'server'),
    port: await freePort(),
    webPort: await freePort(),
  });
  tap = await startWireTap(server.url);
});
afterAll(async () => {
  agent?.stop();
  await server.kill();
  await tap.close();
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

/** A busy terminal: every beat it makes enough new deals to keep `backlog()` at BACKLOG. */
function busyTerminal(backlog: () => number) {
  let made = 0;
  let open = true;
  const source = stubTerminal(
    { account_number: 5_151_515, server: 'Crash-Demo' },
    {
      poll: (after: number) => {
        if (open) made += Math.max(0, BACKLOG - backlog());
        const fresh: Mt5Deal[] = [];
        for (let t = after + 1; t <= made; t++) fresh.push(stubDeal(t));
        return fresh;
      },
    },
  );
  const terminal: { source: Mt5Source; made: () => number; close: () => void } = {
    source,
    made: () => made,
    close: () => (open = false),
  };
  return terminal;
}

const stored = async (upTo = Number.MAX_SAFE_INTEGER) =>
  oneRow(
    db.pool,
    z.object({
      n: z.number(),
      distinct: z.number(),
      min: z.number().nullable(),
      max: z.number().nullable(),
    }),
    `SELECT count(*)::int AS n, count(DISTINCT ticket)::int AS distinct, min(ticket) AS min, max(ticket) AS max
       FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1 AND d.ticket <= $2`,
    [trader.id, upTo],
  );

describe('the server killed with SIGKILL during ingestion', () => {
  it('keeps every acknowledged deal through 200 kills, none doubled, none lost', async () => {
    const rng = createRng(20261123);
    const starts = [await server.start()];
    const created = await fetch(`${server.url}/bridge/token/create`, {
      method: 'POST',
      headers: bearer(trader.token),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const stateDir = path.join(dir, 'agent');
    const terminal = busyTerminal(() => agent?.pendingDeals ?? 0);
    agent = new BridgeAgent({
      serverUrl: tap.url,
      pairingToken: token,
      stateDir,
      source: terminal.source,
      clientVersion: '0.1.0',
      heartbeatMs: 20,
      batchSize: BATCH,
      ackTimeoutMs: 10_000,
      handshakeTimeoutMs: 2_000,
      log: () => undefined,
    });
    await agent.start();
    // Paired before the first kill: a crash mid-pairing is another test's subject.
    await waitUntil(() => tap.acks() > 0, 'the first ack', { intervalMs: 5 });

    let kills = 0;
    let interrupted = 0;
    const unstored: string[] = [];
    const t0 = Date.now();
    for (let k = 1; k <= KILLS; k++) {
      const acksBefore = tap.acks();
      // Mostly while batches stream; one kill in five lands anywhere, handshake included.
      if (rng.next() < 0.2) await sleep(rng.next() * 40);
      else {
        await waitUntil(() => tap.acks() > acksBefore, `deals to flow after restart ${k}`, {
          intervalMs: 5,
        });
        await sleep(rng.next() * 80);
      }
      if (tap.inFlight() > 0) interrupted++;
      expect(await server.kill()).toBe('SIGKILL');
      kills++;
      // The server is gone: whatever it acknowledged must already be in the database.
      const acked = tap.maxAck();
      const held = (await stored(acked)).n;
      if (held !== acked) unstored.push(`kill ${k}: acked up to ${acked}, ${held} stored`);
      starts.push(await server.start());
    }
    const killingMs = Date.now() - t0;

    terminal.close();
    const made = terminal.made();
    await waitUntil(
      () => tap.maxAck() === made && agent?.pendingDeals === 0,
      'the agent to drain',
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    // The agent's own durable watermark (written after the ack in memory) reaches the end too.
    const savedAck = () =>
      (JSON.parse(readFileSync(path.join(stateDir, 'outbox.json'), 'utf8')) as { acked: number })
        .acked;
    await waitUntil(() => savedAck() === made, 'the outbox file to record the last ack', {
      intervalMs: 5,
    });
    agent.stop();
    const sorted = [...starts].sort((a, b) => a - b);
    process.stdout.write(
      `crash test: ${kills} kills in ${(killingMs / 1000).toFixed(1)} s, ${made} deals, ` +
        `${tap.acks()} acks, ${interrupted} kills with a batch in flight, ` +
        `${tap.dedupedResends()} resends of committed but unacknowledged batches; server start ` +
        `median ${sorted[sorted.length >> 1]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms\n`,
    );

    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(unstored).toEqual([]);
    expect(await stored()).toEqual({ n: made, distinct: made, min: 1, max: made });
    // Not vacuous: kills cut batches in flight, and some cut between commit and ack.
    expect(interrupted).toBeGreaterThanOrEqual(KILLS / 5);
    expect(tap.dedupedResends()).toBeGreaterThan(0);
    expect(made).toBeGreaterThan(KILLS * BATCH);
  }, 900_000);
});
