/**
 * Live fan-out at 10,000 SSE + 10,000 WebSocket channels on one built server: how long until the
 * last channel hears an event, the server CPU per event, the memory per connection and the CPU
 * per channel open. The channels belong to 2,000 admins (10 each, the per-user cap), so one
 * session event (a trader's POST /bridge/session/terminate) reaches all of them; each channel
 * gets its ticket through POST /api/bridge/events/ticket. The reference in the same run is a bare
 * node:http + ws server (`support/bare-live.ts`) delivering the same payload to as many clients.
 * Needs `npm run build` first and `ulimit -n 65536` (the npm script raises it).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openSession } from '../apps/server/src/modules/auth/session.service.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { insertUser } from '../apps/server/src/modules/users/users.repo.js';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { collectGarbage, INSPECT_ARG, inspectorUrl } from './support/inspector.js';
import {
  type Channel,
  Deliveries,
  type Kind,
  openSse,
  openWs,
  pool,
} from './support/live-clients.js';
import { cpuMs, rssMiB } from './support/proc-stats.js';
import {
  cleanUp,
  guardRun,
  HOST,
  onCleanUp,
  sleep,
  startChild,
  stopChild,
  waitForPortLine,
} from './support/processes.js';
import { reportFanout, type FanoutResult } from './support/fanout-report.js';
import { ROOT, startVortexServer } from './support/vortex-server.js';
import { runBench, writeSection } from './support/report.js';

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 10_000);
const PER_USER = 10;
const ADMINS = Math.ceil(CHANNELS / PER_USER);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 30);
const WARM_UP = 3;
const TRIGGERS = 20;
const IDLE_MS = 3_000;
/** Tickets live 30 s: each batch is issued, then opened, well within that. */
const BATCH = 2_500;
const OPEN_CONCURRENCY = 64;
const TICKET_CONCURRENCY = 16;
const BARE = fileURLToPath(new URL('./support/bare-live.ts', import.meta.url));

interface Target {
  name: string;
  pid: number;
  port: number;
  inspector: string;
  /** The paths (SSE) or first messages (WS) that open `n` channels from `offset` on. */
  credentials: (kind: Kind, n: number, offset: number) => Promise<string[]>;
  wsPath: string;
  publish: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The descriptors a process holds open (its sockets among them). */
const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

const emptyKind = () => ({
  ticketMs: 0,
  openMs: 0,
  heapKiB: 0,
  rssKiB: 0,
  rssMiB: 0,
  eventCpuMs: 0,
  idleCpuPct: 0,
  load: 0,
  last: [] as number[],
  fromPublish: [] as number[],
});

async function measure(t: Target): Promise<FanoutResult> {
  console.log(`${t.name}: trigger alone, no channel open...`);
  const window = async (fn: () => Promise<unknown>) => {
    const start = cpuMs(t.pid);
    await fn();
    return cpuMs(t.pid) - start;
  };
  for (let i = 0; i < 5; i++) await t.publish();
  let triggerMs = 0;
  const triggerWall: number[] = [];
  for (let i = 0; i < TRIGGERS; i++) {
    const t0 = performance.now();
    triggerMs += await window(t.publish);
    triggerWall.push(performance.now() - t0);
  }
  const result: FanoutResult = {
    name: t.name,
    triggerCpuMs: triggerMs / TRIGGERS,
    triggerWallMs: triggerWall,
    sse: emptyKind(),
    ws: emptyKind(),
  };
  // One kind at a time: the machine allows 20,000 descriptors per process, not 20,000 + spare.
  for (const kind of ['sse', 'ws'] as const) {
    const o = result[kind];
    const deliveries = new Deliveries();
    const channels: Channel[] = [];
    const fdsBefore = openFds(t.pid);
    const heapBefore = await collectGarbage(t.inspector);
    const rssBefore = rssMiB(t.pid);
    for (let offset = 0; offset < CHANNELS; offset += BATCH) {
      const n = Math.min(BATCH, CHANNELS - offset);
      let creds: string[] = [];
      o.ticketMs += await window(async () => (creds = await t.credentials(kind, n, offset)));
      o.openMs += await window(async () => {
        const opened = await pool(creds, OPEN_CONCURRENCY, (c) =>
          kind === 'sse'
            ? openSse(t.port, c, deliveries)
            : openWs(`ws://${HOST}:${t.port}${t.wsPath}`, c, deliveries),
        );
        channels.push(...opened);
      });
      console.log(`${t.name}: ${offset + n} ${kind} channels open`);
    }
    await sleep(1_000);
    o.heapKiB = (((await collectGarbage(t.inspector)) - heapBefore) * 1024) / CHANNELS;
    o.rssKiB = ((rssMiB(t.pid) - rssBefore) * 1024) / CHANNELS;
    o.rssMiB = rssMiB(t.pid);
    o.ticketMs /= CHANNELS;
    o.openMs /= CHANNELS;
    // What the server spends idle (its timers) is not the events' cost.
    const idleStart = cpuMs(t.pid);
    await sleep(IDLE_MS);
    const idlePerMs = (cpuMs(t.pid) - idleStart) / IDLE_MS;
    let eventMs = 0;
    let eventWallMs = 0;
    for (let k = 0; k < WARM_UP + EVENTS; k++) {
      const t0 = performance.now();
      const cpu = await window(async () => {
        await t.publish();
        const until = Date.now() + 30_000;
        while ((deliveries.heard[k] ?? 0) < CHANNELS) {
          if (Date.now() > until) {
            throw new Error(`event ${k}: ${deliveries.heard[k] ?? 0} of ${CHANNELS} heard`);
          }
          await sleep(1);
        }
      });
      if (k < WARM_UP) continue;
      eventMs += cpu;
      eventWallMs += performance.now() - t0;
      const last = deliveries.last[kind][k] ?? t0;
      o.last.push(last - t0);
      // The server's own stamp: what its trigger did before publishing is not fan-out.
      o.fromPublish.push(performance.timeOrigin + last - (deliveries.publishedAt[k] ?? NaN));
      await sleep(200);
    }
    o.eventCpuMs = (eventMs - idlePerMs * eventWallMs) / EVENTS - result.triggerCpuMs;
    o.idleCpuPct = idlePerMs * 100;
    o.load = loadavg()[0] ?? 0;
    for (const c of channels) c.close();
    // The server forgets them before the next kind opens (the per-user cap) and measures its
    // memory: on a loaded machine 3 s was not always enough to close 10,000 sockets, and what
    // was still open counted against the next kind's growth.
    const until = Date.now() + 60_000;
    while (openFds(t.pid) > fdsBefore + 50 && Date.now() < until) await sleep(250);
    await sleep(3_000);
  }
  await t.stop();
  return result;
}

async function bareTarget(): Promise<Target> {
  const child = startChild(
    'bare node:http + ws',
    [INSPECT_ARG, '--import', 'tsx', BARE],
    process.env,
    ROOT,
  );
  onCleanUp('stop the bare server', () => stopChild(child, 10_000));
  const port = await waitForPortLine(child, 30_000);
  return {
    name: 'Bare node:http + ws (reference)',
    pid: child.pid,
    port,
    inspector: await inspectorUrl(child),
    credentials: (kind, n) =>
      Promise.resolve(Array.from({ length: n }, () => (kind === 'sse' ? '/events' : '{}'))),
    wsPath: '/ws',
    publish: async () => {
      await fetch(`http://${HOST}:${port}/publish?user_id=1`, { method: 'POST' });
    },
    stop: () => stopChild(child, 10_000),
  };
}

async function vortexTarget(): Promise<Target> {
  const db = await createBenchDatabase('fanout');
  console.log(`Database ${db.name} (${db.settings}); starting the built server...`);
  const server = await startVortexServer(db.url, [INSPECT_ARG]);
  const pg = benchPool(db);
  onCleanUp('close the benchmark pool', () => pg.end());
  console.log(`Creating ${ADMINS} admins with a session each, and one trader...`);
  const passwordHash = await hashPassword('Bench@12345');
  const tag = `f${Date.now() % 1e6}`;
  const signedIn = async (i: number, role: 'admin' | 'trader') => {
    const user = await insertUser(pg, {
      username: `${tag}${role[0]}${i}`,
      fullName: `Bench ${i}`,
      email: `${tag}${role[0]}${i}@bench.vortex.local`,
      role,
      status: 'active',
      accountType: 'REAL',
      passwordHash,
    });
    return (await openSession(pg, user.id, { ip: null, userAgent: 'bench' })).token;
  };
  const admins = await pool(
    Array.from({ length: ADMINS }, (_, i) => i),
    4,
    (i) => signedIn(i, 'admin'),
  );
  const trader = await signedIn(0, 'trader');
  const api = server.apiUrl;
  const ticket = async (token: string) => {
    const res = await fetch(`${api}/api/bridge/events/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 201) throw new Error(`ticket: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as { ticket: string }).ticket;
  };
  return {
    name: 'Vórtex server',
    pid: server.child.pid,
    port: Number(new URL(api).port),
    inspector: await inspectorUrl(server.child),
    credentials: async (kind, n, offset) => {
      const which = Array.from({ length: n }, (_, i) => admins[(offset + i) % ADMINS] ?? '');
      const tickets = await pool(which, TICKET_CONCURRENCY, ticket);
      return tickets.map((tk) =>
        kind === 'sse' ? `/bridge/events?ticket=${tk}` : JSON.stringify({ ticket: tk }),
      );
    },
    wsPath: '/api/bridge/ws',
    publish: async () => {
      const res = await fetch(`${api}/bridge/session/terminate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${trader}` },
      });
      if (res.status !== 200) throw new Error(`terminate: HTTP ${res.status}`);
    },
    stop: cleanUp,
  };
}

async function main(): Promise<void> {
  guardRun(30 * 60_000);
  const date = new Date().toISOString();
  const load = loadavg()[0] ?? 0;
  const bare = await measure(await bareTarget());
  const vortex = await measure(await vortexTarget());
  const section = reportFanout({
    date,
    channels: CHANNELS,
    events: EVENTS,
    admins: ADMINS,
    load,
    bare,
    vortex,
  });
  console.log(section);
  await writeSection('## Live fan-out: 10,000 SSE + 10,000 WS channels', section);
}

await runBench(main, cleanUp);
