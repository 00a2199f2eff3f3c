/**
 * What sharing through Redis costs: two built servers on one database and one Redis (REDIS_URL),
 * an agent connected to A. An MT5 command asked of A reaches its agent directly; asked of B, it
 * travels B → Redis → A → agent and back. A live event published on A reaches a browser on A
 * directly and one on B through Redis. Same run, same servers, requests interleaved.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { openSession } from '../apps/server/src/modules/auth/session.service.js';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { HELLO_BASE } from './support/bench-agent.js';
import { cleanUp, guardRun } from './support/processes.js';
import {
  bullets,
  fixed,
  machineNote,
  markdownTable,
  percentileOf,
  runBench,
  writeSection,
} from './support/report.js';
import { createTraders } from './support/traders.js';
import { startVortexServer } from './support/vortex-server.js';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const COMMANDS = 400;
const EVENTS = 400;
const WARM_UP = 40;

const open = async (url: string): Promise<WebSocket> => {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
};

/** The agent: pairs on A, then answers every command at once, as a terminal that says yes. */
async function agentOn(apiUrl: string, pairingToken: string): Promise<WebSocket> {
  const ws = await open(`${apiUrl.replace(/^http/, 'ws')}/bridge/agent`);
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; command_id?: string };
      if (m.type === 'auth_ok')
        ws.send(JSON.stringify({ ...HELLO_BASE, account_number: 9_100_001 }));
      else if (m.type === 'resume') resolve();
      else if (m.type === 'command') {
        ws.send(
          JSON.stringify({
            type: 'command_result',
            command_id: m.command_id,
            ok: true,
            message: 'ok',
          }),
        );
      } else if (m.type === 'auth_error') reject(new Error(JSON.stringify(m)));
    });
  });
  ws.send(
    JSON.stringify({
      type: 'auth',
      protocol: 1,
      client_version: '0.1.0-bench',
      pairing_token: pairingToken,
    }),
  );
  await ready;
  return ws;
}

/** A browser's live channel on one server; resolves each awaited heartbeat status. */
async function browserOn(apiUrl: string, token: string) {
  const res = await fetch(`${apiUrl}/api/bridge/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket } = (await res.json()) as { ticket: string };
  const ws = await open(`${apiUrl.replace(/^http/, 'ws')}/api/bridge/ws`);
  const waiting = new Map<boolean, (at: number) => void>();
  ws.on('message', (data: Buffer) => {
    const at = performance.now();
    const m = JSON.parse(data.toString()) as { type: string; mt5_alive?: boolean };
    if (m.type !== 'bridge_status' || m.mt5_alive === undefined) return;
    waiting.get(m.mt5_alive)?.(at);
    waiting.delete(m.mt5_alive);
  });
  ws.send(JSON.stringify({ ticket }));
  return {
    ws,
    next: (alive: boolean) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no bridge_status on ${apiUrl}`)), 5_000);
        waiting.set(alive, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
  };
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentileOf(sorted, 50), p99: percentileOf(sorted, 99) };
};

async function main(): Promise<void> {
  guardRun(10 * 60_000);
  const date = new Date().toISOString();
  const db = await createBenchDatabase('cluster');
  // A prefix of its own on the shared Redis: nothing else on it hears these servers.
  const env = { REDIS_URL, REDIS_PREFIX: `vortex-bench:${randomBytes(3).toString('hex')}:` };
  const a = await startVortexServer(db.url, [], env);
  const b = await startVortexServer(db.url, [], env);
  const pool = benchPool(db);
  const [trader] = await createTraders(pool, 1, `cl${randomBytes(2).toString('hex')}`);
  if (!trader) throw new Error('no trader');
  const { token } = await openSession(pool, trader.userId, { ip: null, userAgent: null });
  await pool.end();
  const agent = await agentOn(a.apiUrl, trader.pairingToken);

  const connect = async (apiUrl: string): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${apiUrl}/api/mt5/connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        login: '123456',
        password: 'x',
        server: 'XP-Demo',
        bridge_url: 'http://localhost:8080',
      }),
    });
    const body = (await res.json()) as { success: boolean };
    if (!body.success) throw new Error(`connect via ${apiUrl}: ${JSON.stringify(body)}`);
    return performance.now() - t0;
  };
  // B must have heard A's announcement before it can route.
  for (let i = 0; i < 50; i++) {
    try {
      await connect(b.apiUrl);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const local: number[] = [];
  const remote: number[] = [];
  for (let i = 0; i < WARM_UP + COMMANDS; i++) {
    // Alternating which goes first, so neither path always follows the other.
    let x: number;
    let y: number;
    if (i % 2 === 0) {
      x = await connect(a.apiUrl);
      y = await connect(b.apiUrl);
    } else {
      y = await connect(b.apiUrl);
      x = await connect(a.apiUrl);
    }
    if (i < WARM_UP) continue;
    local.push(x);
    remote.push(y);
  }

  const onA = await browserOn(a.apiUrl, token);
  const onB = await browserOn(b.apiUrl, token);
  await new Promise((r) => setTimeout(r, 500));
  const sameInstance: number[] = [];
  const acrossRedis: number[] = [];
  for (let i = 0; i < WARM_UP + EVENTS; i++) {
    // The connects above left MT5 logged in: the first heartbeat says it went away.
    const alive = i % 2 === 1;
    const arrivals = Promise.all([onA.next(alive), onB.next(alive)]);
    const t0 = performance.now();
    agent.send(JSON.stringify({ type: 'heartbeat', seq: i + 1, mt5_alive: alive, ts: Date.now() }));
    const [atA, atB] = await arrivals;
    if (i < WARM_UP) continue;
    sameInstance.push(atA - t0);
    acrossRedis.push(atB - t0);
  }
  for (const ws of [agent, onA.ws, onB.ws]) ws.close();

  const cmd = { local: stats(local), remote: stats(remote) };
  const ev = { local: stats(sameInstance), remote: stats(acrossRedis) };
  const row = (name: string, s: { p50: number; p99: number }) => [
    name,
    fixed(s.p50, 2),
    fixed(s.p99, 2),
  ];
  const section = [
    '## Several instances through Redis',
    '',
    'Command (from the repository root): `npm run build && npm run bench:cluster -w @vortex/bench`',
    '(runs `tsx cluster.bench.ts` in `bench/`).',
    '',
    bullets([
      `Date: ${date}`,
      `Machine: ${machineNote()}; ${db.settings}; Redis at ${REDIS_URL}.`,
      'Method: two built servers (`apps/server/dist/main.js`) on one fresh database and one Redis ' +
        '(`REDIS_URL`, a prefix of their own), an agent connected to A that answers each command at ' +
        'once. Commands: `POST /api/mt5/connect` (an `mt5_login` command and its result) asked of A ' +
        `and of B alternately, ${COMMANDS} each after ${WARM_UP} warm-up rounds, one at a time, ` +
        'client-side time per request. Events: the agent flips `mt5_alive` in a heartbeat; the ' +
        '`bridge_status` event it causes is timed from the send to its arrival at a browser ' +
        `channel on A and one on B, ${EVENTS} times after ${WARM_UP} warm-up.`,
    ]),
    '',
    markdownTable(
      ['Path', 'p50 ms', 'p99 ms'],
      ['l', 'r', 'r'],
      [
        row('Command asked of A (agent on A: reference)', cmd.local),
        row('Command asked of B (B → Redis → A → agent → A → Redis → B)', cmd.remote),
        row('Event to a browser on A (reference)', ev.local),
        row('Event to a browser on B (through Redis)', ev.remote),
      ],
    ),
    '',
    bullets([
      `Redis adds ${fixed(cmd.remote.p50 - cmd.local.p50, 2)} ms to a command at the median ` +
        `(${fixed(cmd.remote.p50 / cmd.local.p50, 2)}× the same-instance path) and ` +
        `${fixed(ev.remote.p50 - ev.local.p50, 2)} ms to an event. No goal was set; these are the ` +
        'figures for deciding how far to scale out.',
    ]),
  ].join('\n');
  await writeSection('## Several instances through Redis', section);
  console.log(section);
}

await runBench(main, cleanUp);
