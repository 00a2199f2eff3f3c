/**
 * GET /dashboard/positions of the built server under 100 connections against a bare Fastify route
 * answering the same body (issue 15), in the same run. The floods alternate (real, bare, bare,
 * real, ...) so that a change in the machine's other load falls on both sides alike; the figure
 * is the median of the rounds' ratios. Writes its section of bench/RESULTS.md. Needs
 * `npm run build` first.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { CpuMeter, MachineMeter } from './support/proc-stats.js';
import {
  cleanUp,
  guardRun,
  HOST,
  onCleanUp,
  startChild,
  stopChild,
  waitForPortLine,
} from './support/processes.js';
import {
  bullets,
  fixed,
  int,
  machineNote,
  markdownTable,
  runBench,
  wrap,
  writeSection,
} from './support/report.js';
import { seedTradingAccount } from './support/trading-seed.js';
import { ROOT, startVortexServer } from './support/vortex-server.js';

const COMMAND = 'npm run build && npm run bench:open-positions -w @vortex/bench';
const SECTION = '## Open positions under 100 connections';
const BARE = fileURLToPath(new URL('./support/bare-json.ts', import.meta.url));
const DEALS = 2_000;
const OPEN_POSITIONS = 5;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const GOAL = 0.7;

interface Flood {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The target process's CPU per request, µs. */
  cpuUs: number;
  otherCores: number;
}

async function flood(url: string, token: string, pid: number): Promise<Flood> {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1, timeout: 10 });
  const cpu = new CpuMeter([pid]);
  const machine = new MachineMeter();
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpuMs = cpu.elapsedMs();
  const { busyMs, selfMs } = machine.elapsed();
  const total = r.requests.total || 1;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUs: (cpuMs * 1000) / total,
    // PostgreSQL counts here: the real route may read it, the bare one does not.
    otherCores: Math.max(0, (busyMs - selfMs - cpuMs) / (SECONDS * 1000)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

async function main(): Promise<void> {
  guardRun(10 * 60_000);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const db = await createBenchDatabase('openpos');
  const server = await startVortexServer(db.url);
  const pool = benchPool(db, 4);
  onCleanUp('close the bench pool', () => pool.end());
  const seeded = await seedTradingAccount(pool, DEALS, OPEN_POSITIONS);

  const realUrl = `${server.apiUrl}/dashboard/positions`;
  const res = await fetch(realUrl, { headers: { authorization: `Bearer ${seeded.token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${body.slice(0, 300)}`);
  const bodyFile = path.join(tmpdir(), `vortex-bench-open-positions-${process.pid}.json`);
  await writeFile(bodyFile, body);
  const bare = startChild(
    'bare Fastify',
    ['--import', 'tsx', BARE, '/dashboard/positions', bodyFile],
    process.env,
    ROOT,
  );
  onCleanUp('stop bare Fastify', () => stopChild(bare, 10_000));
  const bareUrl = `http://${HOST}:${await waitForPortLine(bare, 30_000)}/dashboard/positions`;

  const rounds: { real: Flood; bare: Flood }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Odd rounds start with the reference: neither side always runs first.
    const runReal = () => flood(realUrl, seeded.token, server.child.pid);
    const runBare = () => flood(bareUrl, seeded.token, bare.pid);
    const [first, second] = i % 2 ? [runBare, runReal] : [runReal, runBare];
    const a = await first();
    const b = await second();
    const round = i % 2 ? { real: b, bare: a } : { real: a, bare: b };
    rounds.push(round);
    console.log(
      `Round ${i + 1}: positions ${int(round.real.rps)} req/s, bare ${int(round.bare.rps)} req/s, ` +
        `ratio ${fixed(round.real.rps / round.bare.rps, 2)}`,
    );
  }
  await cleanUp();
  await report(date, db.settings, Buffer.byteLength(body), rounds);
}

async function report(
  date: string,
  settings: string,
  bodyBytes: number,
  rounds: { real: Flood; bare: Flood }[],
): Promise<void> {
  const ratios = rounds.map((r) => r.real.rps / r.bare.rps);
  const ratio = median(ratios);
  const cpuRatio = median(rounds.map((r) => r.bare.cpuUs / r.real.cpuUs));
  const bad = rounds.reduce((n, r) => n + r.real.bad + r.bare.bad, 0);
  const table = markdownTable(
    [
      'Round',
      'Positions req/s',
      'Bare req/s',
      'Ratio',
      'p50 / p99 ms',
      'Bare p50 / p99 ms',
      'CPU µs/req',
      'Bare CPU µs/req',
      'Other work, cores',
    ],
    ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    rounds.map((r, i) => [
      String(i + 1),
      int(r.real.rps),
      int(r.bare.rps),
      fixed(ratios[i] ?? NaN, 2),
      `${r.real.p50} / ${r.real.p99}`,
      `${r.bare.p50} / ${r.bare.p99}`,
      fixed(r.real.cpuUs),
      fixed(r.bare.cpuUs),
      fixed(Math.max(r.real.otherCores, r.bare.otherCores), 2),
    ]),
  );
  const section = [
    SECTION,
    '',
    wrap(
      `Command (from the repository root): \`${COMMAND}\` (runs \`tsx open-positions.bench.ts\` in \`bench/\`).`,
    ),
    '',
    bullets([
      `Date: ${date}`,
      `Machine: ${machineNote()}; ${settings}, on the same machine.`,
      `Method: the built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`, \`DEMO=0\`) ` +
        `on a fresh database; one trader, one account of ${int(DEALS)} deals and ` +
        `${OPEN_POSITIONS} open positions. Reference: a bare Fastify 5 GET route ` +
        `(\`bench/support/bare-json.ts\`, no plugins, no logger) answering the same ` +
        `${int(bodyBytes)}-byte body. autocannon, ${CONNECTIONS} connections, ${SECONDS} s after ` +
        `a 1 s warm-up, ${ROUNDS} rounds of one flood each, alternating which goes first; ` +
        `"other work" is the machine's busy time outside the target and this process.`,
    ]),
    '',
    table,
    '',
    bullets([
      `Goal: /dashboard/positions at ≥ ${GOAL} of the bare route's req/s — **${ratio >= GOAL ? 'met' : 'NOT met'}**: ` +
        `median ratio ${fixed(ratio, 2)} (rounds ${ratios.map((r) => fixed(r, 2)).join(', ')}); ` +
        `server CPU per request ${fixed(1 / cpuRatio, 2)}× the bare route's.`,
      `Non-2xx answers or errors: ${int(bad)}.`,
    ]),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeSection(SECTION, section);
  if (ratio < GOAL || bad > 0) process.exitCode = 1;
}

await runBench(main, cleanUp);
