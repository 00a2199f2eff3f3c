import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../../server/test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-database.js';
import { spawnAgent, type AgentProcess } from './agent-process.js';
import { EXIT_STOPPED } from './exit-codes.js';
import { freePort, serverProcess, type ServerProcess } from './server-process.js';
import { waitUntil } from '../../../server/test/wait.js';

/**
 * The built agent process against the built server process (apps/server/dist/main.js), as a
 * trader runs them: the server is killed (SIGKILL) and later stopped (SIGTERM) while the agent
 * streams; the agent stays up through each outage, says so once, and is connected again once
 * the server is back. It ends only when it is itself told to stop. Build first.
 */
const LOST = /^Conexão com o servidor perdida/;
const UNAVAILABLE = /^Servidor indisponível/;
const RECONNECTED = /^Reconectado após \d+ tentativas em [\d,]+ s: conta \d+/;

let db: TestDatabase;
let dir: string;
let port: number;
let server: ServerProcess;
let trader: TestUser;
let agent: AgentProcess | undefined;

// Not on the fixture: the server under test is the built one, spawned as a process on this
// database and killed mid-run, not an app in this worker.
beforeAll(async () => {
  db = await createTestDatabase();
  trader = await makeUser(db.pool, { role: 'trader' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-outage-'));
  port = await freePort();
  server = serverProcess({
    databaseUrl: db.url,
    dataDir: path.join(dir, 'server'),
    port,
    webPort: await freePort(),
  });
});
afterAll(async () => {
  if (agent?.alive()) agent.signal('SIGKILL');
  await agent?.exited;
  await server.kill();
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

const bridgeConnected = async () => {
  const res = await fetch(`${server.url}/api/mt5/status`, { headers: bearer(trader.token) });
  return ((await res.json()) as { bridge_connected?: boolean }).bridge_connected === true;
};

/**
 * Holds the server's port while it is down and drops each connection, until `n` attempts came:
 * proof that the agent kept trying, several times, in one outage.
 */
async function countAttempts(n: number): Promise<void> {
  let seen = 0;
  const holder = createServer((socket) => {
    seen++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  await waitUntil(
    () => {
      if (!agent?.alive()) throw new Error(`the agent exited:\n${agent?.stdout().join('\n')}`);
      return Promise.resolve(seen >= n);
    },
    `${n} connection attempts`,
    { timeoutMs: 30_000 },
  );
  await new Promise((resolve) => holder.close(resolve));
}

describe('the agent process through server outages', () => {
  it('stays up when the server is killed or stopped, reconnects when it is back, exits 0 on SIGTERM', async () => {
    await server.start();
    const created = await fetch(`${server.url}/bridge/token/create`, {
      method: 'POST',
      headers: bearer(trader.token),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const a = spawnAgent([
      '--server',
      server.url,
      '--token',
      token,
      '--state-dir',
      path.join(dir, 'agent'),
    ]);
    agent = a;
    await a.waitForLine(/^Conectado: conta \d+/, 60_000);
    await waitUntil(bridgeConnected, 'the server to show the bridge connected', {
      timeoutMs: 30_000,
    });

    let outages = 0;
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      outages++;
      expect(await server.kill(signal)).toBe(signal === 'SIGKILL' ? 'SIGKILL' : null);
      await a.waitForLine(LOST, 30_000, outages);
      await countAttempts(3);
      await a.waitForLine(UNAVAILABLE, 30_000, outages);
      expect(a.alive()).toBe(true);
      await server.start();
      await a.waitForLine(RECONNECTED, 60_000, outages);
      await waitUntil(bridgeConnected, `the bridge connected again after ${signal}`, {
        timeoutMs: 30_000,
      });
    }
    // One line per change of state, however many attempts each outage took.
    expect(a.count(LOST)).toBe(outages);
    expect(a.count(UNAVAILABLE)).toBe(outages);
    expect(a.stdout().filter((l) => RECONNECTED.test(l))).toHaveLength(outages);

    a.signal('SIGTERM');
    expect(await a.exited).toEqual({ code: EXIT_STOPPED, signal: null });
    expect(a.stdout()).toContain('Agente encerrado: sinal recebido');
  }, 240_000);
});
