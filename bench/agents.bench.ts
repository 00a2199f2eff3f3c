/**
 * 1,000 agents connected to one server and heartbeating: the CPU each heartbeat costs the server
 * (and its PostgreSQL), and the memory each connected agent holds. The server is the built one
 * (`apps/server/dist/main.js`) in a child process on a fresh database; each agent is paired with a
 * pairing token of its own trader. The reference in the same run: the same sockets and messages
 * against a bare Fastify + @fastify/websocket server that only parses them (`support/bare-ws.ts`).
 * Writes its section of bench/RESULTS.md. Needs `npm run build` first.
 */
import { fileURLToPath } from 'node:url';
import { BenchAgent } from './support/bench-agent.js';
import {
  backendPids,
  benchPool,
  createBenchDatabase,
  type BenchDatabase,
} from './support/bench-database.js';
import { beat } from './support/heartbeats.js';
import { collectGarbage, INSPECT_ARG, inspectorUrl } from './support/inspector.js';
import { CpuMeter, MachineMeter, rssMiB, RssSampler } from './support/proc-stats.js';
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
import {
  reportAgents,
  type Phase,
  type PhaseResult,
  type TargetResult,
} from './support/agents-report.js';
import { createTraders } from './support/traders.js';
import { ROOT, startVortexServer } from './support/vortex-server.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1_000);
const CONNECT_CONCURRENCY = 25;
const SETTLE_MS = 3_000;
const DRAIN_MS = 2_000;
const BARE = fileURLToPath(new URL('./support/bare-ws.ts', import.meta.url));

const WARM_UP: Phase = {
  label: 'warm-up',
  seconds: 5,
  intervalMs: 1_000,
  withAccount: true,
  vortexOnly: false,
};

export const PHASES: Phase[] = [
  { label: 'idle', seconds: 15, intervalMs: 0, withAccount: false, vortexOnly: false },
  {
    label: 'heartbeat every 10 s',
    seconds: 30,
    intervalMs: 10_000,
    withAccount: false,
    vortexOnly: false,
  },
  {
    label: 'heartbeat every 1 s',
    seconds: 20,
    intervalMs: 1_000,
    withAccount: false,
    vortexOnly: false,
  },
  {
    label: 'heartbeat + account every 1 s',
    seconds: 20,
    intervalMs: 1_000,
    withAccount: true,
    vortexOnly: true,
  },
];

const ACCOUNT = {
  balance: 10_000,
  equity: 10_125.5,
  margin: 1_200,
  free_margin: 8_925.5,
  margin_level: 843.79,
  profit: 125.5,
  currency: 'BRL',
};

function messagesFor(phase: Phase): (seq: number) => string[] {
  return (seq) => {
    const ts = Date.now();
    const heartbeat = JSON.stringify({ type: 'heartbeat', seq, mt5_alive: true, ts });
    if (!phase.withAccount) return [heartbeat];
    return [heartbeat, JSON.stringify({ type: 'account', ts, account: ACCOUNT })];
  };
}

interface Target {
  name: string;
  pid: number;
  /** PostgreSQL backends serving the target, if any. */
  backends: () => Promise<number[]>;
  connect: (i: number) => Promise<BenchAgent>;
  /** What the target has seen of a phase: sessions pinged (Vórtex). */
  pingedSince: ((since: Date) => Promise<number>) | undefined;
  stop: () => Promise<void>;
  /** The target's inspector, to collect its garbage before reading its memory. */
  inspector: string;
}

async function inWaves<T>(count: number, width: number, fn: (i: number) => Promise<T>) {
  const out: T[] = [];
  for (let i = 0; i < count; i += width) {
    const wave = Array.from({ length: Math.min(width, count - i) }, (_, k) => fn(i + k));
    out.push(...(await Promise.all(wave)));
  }
  return out;
}

async function measureTarget(target: Target): Promise<TargetResult> {
  console.log(`${target.name}: connecting ${AGENTS} agents...`);
  await sleep(SETTLE_MS);
  const heapBefore = await collectGarbage(target.inspector);
  const rssBefore = rssMiB(target.pid);
  const connecting = new RssSampler(target.pid);
  const connectCpu = new CpuMeter([target.pid, ...(await target.backends())]);
  const start = performance.now();
  const agents = await inWaves(AGENTS, CONNECT_CONCURRENCY, (i) => target.connect(i));
  const connectSeconds = (performance.now() - start) / 1000;
  connectCpu.add(await target.backends());
  const connectCpuMs = connectCpu.elapsedMs() / AGENTS;
  let closed = 0;
  for (const agent of agents) {
    onCleanUp('close an agent', async () => agent.close());
    agent.onFailure = (err) => {
      closed++;
      if (closed <= 3) console.error(`  an agent failed: ${err.message}`);
    };
  }
  // Unreported: the handlers' first calls are compiled and optimised here, not in a phase.
  const warm = beat(agents, 1_000, messagesFor(WARM_UP));
  await sleep(WARM_UP.seconds * 1000);
  warm.stop();
  await sleep(SETTLE_MS);
  const rssPairing = connecting.stop().high;
  const heapConnected = await collectGarbage(target.inspector);
  const rssConnected = rssMiB(target.pid);
  console.log(
    `  connected in ${connectSeconds.toFixed(1)} s; after a collection: JS heap ` +
      `${heapBefore.toFixed(1)} → ${heapConnected.toFixed(1)} MiB, RSS ` +
      `${rssBefore.toFixed(1)} → ${rssConnected.toFixed(1)} MiB`,
  );

  const phases: PhaseResult[] = [];
  for (const phase of PHASES) {
    if (phase.vortexOnly && !target.pingedSince) continue;
    const server = new CpuMeter([target.pid]);
    const pg = new CpuMeter(await target.backends());
    const machine = new MachineMeter();
    const rss = new RssSampler(target.pid);
    const since = new Date();
    const t0 = performance.now();
    const beating =
      phase.intervalMs > 0 ? beat(agents, phase.intervalMs, messagesFor(phase)) : undefined;
    await sleep(phase.seconds * 1000);
    beating?.stop();
    // The window takes in the handling of the last messages.
    await sleep(DRAIN_MS);
    const seconds = (performance.now() - t0) / 1000;
    pg.add(await target.backends());
    const serverCpuMs = server.elapsedMs();
    const pgCpuMs = pg.elapsedMs();
    const { busyMs, selfMs } = machine.elapsed();
    const pinged = phase.intervalMs > 0 ? await target.pingedSince?.(since) : undefined;
    const result: PhaseResult = {
      phase,
      messages: beating?.sent() ?? 0,
      seconds,
      serverCpuMs,
      pgCpuMs,
      otherCores: Math.max(0, busyMs - serverCpuMs - pgCpuMs - selfMs) / 1000 / seconds,
      pinged,
      rss: rss.stop(),
    };
    console.log(
      `  ${phase.label}: ${result.messages} messages in ${seconds.toFixed(1)} s; CPU ms ` +
        `server ${serverCpuMs.toFixed(0)}, PostgreSQL ${pgCpuMs.toFixed(0)}; RSS ` +
        `${result.rss.low.toFixed(1)}–${result.rss.high.toFixed(1)} MiB` +
        (pinged === undefined ? '' : `; sessions pinged ${pinged}`),
    );
    phases.push(result);
  }
  for (const agent of agents) agent.close();
  await target.stop();
  return {
    name: target.name,
    heapBefore,
    heapConnected,
    rssBefore,
    rssConnected,
    rssPairing,
    connectSeconds,
    connectCpuMs,
    phases,
    closed,
  };
}

async function bareTarget(): Promise<Target> {
  const child = startChild(
    'bare Fastify + @fastify/websocket',
    [INSPECT_ARG, '--import', 'tsx', BARE],
    process.env,
    ROOT,
  );
  onCleanUp('stop the bare server', () => stopChild(child, 10_000));
  const url = `http://${HOST}:${await waitForPortLine(child, 30_000)}`;
  return {
    name: 'Bare Fastify + @fastify/websocket (reference)',
    pid: child.pid,
    backends: async () => [],
    connect: () => BenchAgent.connect(url),
    pingedSince: undefined,
    stop: () => stopChild(child, 10_000),
    inspector: await inspectorUrl(child),
  };
}

async function vortexTarget(db: BenchDatabase): Promise<Target> {
  const server = await startVortexServer(db.url, [INSPECT_ARG]);
  const pool = benchPool(db);
  onCleanUp('close the benchmark pool', () => pool.end());
  console.log(`Creating ${AGENTS} traders with a pairing token each...`);
  const traders = await createTraders(pool, AGENTS, `agt${Date.now() % 1e5}_`);
  return {
    name: 'Vórtex server',
    pid: server.child.pid,
    backends: () => backendPids(pool, db, 'server'),
    connect: async (i) => {
      const trader = traders[i];
      if (!trader) throw new Error('no trader');
      const agent = await BenchAgent.connect(server.apiUrl);
      await agent.handshake(trader.pairingToken, 8_000_000 + i);
      return agent;
    },
    pingedSince: async (since) => {
      const { rows } = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM bridge_sessions WHERE last_ping_at >= $1',
        [since],
      );
      return rows[0]?.n ?? 0;
    },
    stop: cleanUp,
    inspector: await inspectorUrl(server.child),
  };
}

async function main(): Promise<void> {
  guardRun(20 * 60_000);
  const date = new Date().toISOString();
  const bare = await measureTarget(await bareTarget());
  const db = await createBenchDatabase('agents');
  console.log(`Database ${db.name} (${db.settings}); starting the built server...`);
  const vortex = await measureTarget(await vortexTarget(db));
  await reportAgents({
    date,
    db,
    agents: AGENTS,
    connectConcurrency: CONNECT_CONCURRENCY,
    settleMs: SETTLE_MS,
    vortex,
    bare,
  });
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
