/**
 * 3,000 agents connected to one server on the real agent's tick (heartbeat + account every 10 s):
 * the CPU each tick costs the server (and its PostgreSQL), the account history rows it keeps,
 * and the memory each connected agent holds. The server is the built one
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
  type HistoryRows,
  type Phase,
  type PhaseResult,
  type TargetResult,
} from './support/agents-report.js';
import { createTraders } from './support/traders.js';
import { ROOT, startVortexServer } from './support/vortex-server.js';
import { runBench } from './support/report.js';
import { z } from 'zod';
import { oneRow } from '../apps/server/src/db/rows.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 3_000);
const CONNECT_CONCURRENCY = 25;
const SETTLE_MS = 3_000;
const DRAIN_MS = 2_000;
const BARE = fileURLToPath(new URL('./support/bare-ws.ts', import.meta.url));

const TICK_MS = 10_000;

const WARM_UP: Phase = { label: 'warm-up', seconds: 5, intervalMs: 1_000, account: 'flat' };

export const PHASES: Phase[] = [
  { label: 'idle', seconds: 15, intervalMs: 0, account: 'flat' },
  { label: 'tick every 10 s, flat account', seconds: 60, intervalMs: TICK_MS, account: 'flat' },
  {
    label: 'tick every 10 s, position open',
    seconds: 135,
    intervalMs: TICK_MS,
    account: 'floating',
  },
];

const FLAT = {
  balance: 10_000,
  equity: 10_000,
  margin: 0,
  free_margin: 10_000,
  margin_level: 0,
  profit: 0,
  currency: 'BRL',
};

/** An open position: its profit, so equity and free margin, moves on every tick. */
const floating = (seq: number) => {
  const profit = 100 + (seq % 40) * 5 - 90;
  return {
    balance: 10_000,
    equity: 10_000 + profit,
    margin: 1_200,
    free_margin: 8_800 + profit,
    margin_level: ((10_000 + profit) / 1_200) * 100,
    profit,
    currency: 'BRL',
  };
};

/** The real agent's tick: a heartbeat and the account, each time. */
function messagesFor(phase: Phase): (seq: number) => string[] {
  return (seq) => {
    const ts = Date.now();
    const account = phase.account === 'flat' ? FLAT : floating(seq);
    return [
      JSON.stringify({ type: 'heartbeat', seq, mt5_alive: true, ts }),
      JSON.stringify({ type: 'account', ts, account }),
    ];
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
  /** History rows kept with a report time in [from, to) (Vórtex). */
  rowsBetween: ((from: Date, to: Date) => Promise<HistoryRows>) | undefined;
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
    const rows = await target.rowsBetween?.(
      since,
      new Date(since.getTime() + phase.seconds * 1000),
    );
    const result: PhaseResult = {
      phase,
      messages: beating?.sent() ?? 0,
      seconds,
      serverCpuMs,
      pgCpuMs,
      otherCores: Math.max(0, busyMs - serverCpuMs - pgCpuMs - selfMs) / 1000 / seconds,
      pinged,
      rows,
      rss: rss.stop(),
    };
    console.log(
      `  ${phase.label}: ${result.messages} messages in ${seconds.toFixed(1)} s; CPU ms ` +
        `server ${serverCpuMs.toFixed(0)}, PostgreSQL ${pgCpuMs.toFixed(0)}; RSS ` +
        `${result.rss.low.toFixed(1)}–${result.rss.high.toFixed(1)} MiB` +
        (pinged === undefined ? '' : `; sessions pinged ${pinged}`) +
        (rows === undefined ? '' : `; history rows ${rows.rows}`),
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
    rowsBetween: undefined,
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
      const { n } = await oneRow(
        pool,
        z.object({ n: z.number() }),
        'SELECT count(*)::int AS n FROM bridge_sessions WHERE last_ping_at >= $1',
        [since],
      );
      return n;
    },
    rowsBetween: async (from, to) => {
      // Per account: its rows, and the gaps between consecutive ones (count - 1 over the span).
      return oneRow(
        pool,
        z.object({ rows: z.number(), gaps: z.number(), gapSeconds: z.number() }),
        `SELECT coalesce(sum(n), 0)::int AS rows, coalesce(sum(n - 1), 0)::int AS gaps,
                coalesce(sum(extract(epoch FROM span)), 0)::float8 AS "gapSeconds"
         FROM (SELECT count(*) AS n, max(ts) - min(ts) AS span FROM account_snapshots
               WHERE ts >= $1 AND ts < $2 GROUP BY account_id) a`,
        [from, to],
      );
    },
    stop: cleanUp,
    inspector: await inspectorUrl(server.child),
  };
}

async function main(): Promise<void> {
  guardRun(30 * 60_000);
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

await runBench(main, cleanUp);
