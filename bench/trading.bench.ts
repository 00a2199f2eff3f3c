/**
 * The trading screens' reads on an account with a long history (issue 5): server time of
 * /dashboard/stats and /bridge/trades on an account with 1,000,000 deals, then the cold reads of
 * issue 15 (support/cold-bench.ts): first reads after restarts, a sweep over 200 accounts, 200
 * first reads at once. /dashboard/positions' throughput is bench:open-positions' to measure.
 * Writes the section "## Trading reads on a 1,000,000-deal account" of bench/RESULTS.md. Needs
 * `npm run build` first.
 */
import { loadavg } from 'node:os';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { rssMiB } from './support/proc-stats.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import {
  bullets,
  fixed,
  int,
  machineNote,
  markdownTable,
  percentileOf,
  runBench,
  wrap,
  writeSection,
} from './support/report.js';
import { runColdReads, type ColdFigures } from './support/cold-bench.js';
import { timeOnce } from './support/cold-reads.js';
import { coldSection } from './support/cold-report.js';
import { appendTrips, seedTradingAccount } from './support/trading-seed.js';
import { startVortexServer } from './support/vortex-server.js';

const COMMAND = 'npm run build && npm run bench:trading -w @vortex/bench';
const SECTION = '## Trading reads on a 1,000,000-deal account';
const DEALS = Number(process.env.BENCH_DEALS ?? 1_000_000);
const OPEN_POSITIONS = 5;
const WARM_UPS = 3;
const REQUESTS = 30;
const LATENCY_GOAL_MS = 100;
const NEW_DEAL_ROUNDS = 5;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

interface Timing {
  label: string;
  path: string;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  rows: string;
}

interface Warmth {
  /** The first read after seeding: the follower stores the positions of every deal meanwhile. */
  coldMs: number;
  /** Reads right after a few new deals were stored: the copy takes in only those. */
  afterNewDealsMs: number[];
  /** The server's resident memory once the account is warm. */
  rssMiB: number;
}

/** Sequential requests on one keep-alive connection; each timed from send to the body's end. */
async function timeRoute(
  baseUrl: string,
  token: string,
  label: string,
  route: string,
): Promise<Timing> {
  const headers = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  let bytes = 0;
  let rows = '';
  for (let i = 0; i < WARM_UPS + REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}${route}`, { headers, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}: ${text.slice(0, 300)}`);
    if (i >= WARM_UPS) times.push(ms);
    bytes = Buffer.byteLength(text);
    rows = rowsOf(JSON.parse(text) as Record<string, unknown>);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => percentileOf(times, q);
  console.log(`  ${label}: p50 ${fixed(p(50))} ms, p99 ${fixed(p(99))} ms, ${rows}`);
  return { label, path: route, p50: p(50), p99: p(99), max: p(100), bytes, rows };
}

/** What a response holds, for the report: trades or the stats' trade count. */
function rowsOf(body: Record<string, unknown>): string {
  const list = ['trades', 'positions', 'data'].map((k) => body[k]).find(Array.isArray);
  if (Array.isArray(list)) return `${int(list.length)} items`;
  const data = body.data as Record<string, unknown> | undefined;
  const total = data?.total_trades ?? data?.totalTrades;
  return typeof total === 'number' ? `${int(total)} trades` : '-';
}

async function main(): Promise<void> {
  guardRun(25 * 60_000);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const load = [loadavg()[0] ?? 0];
  const db = await createBenchDatabase('trading');
  const server = await startVortexServer(db.url);
  const pool = benchPool(db, 4);
  onCleanUp('close the bench pool', () => pool.end());
  console.log(`Seeding ${int(DEALS)} deals...`);
  const seeded = await seedTradingAccount(pool, DEALS, OPEN_POSITIONS);
  console.log(`  ${int(seeded.deals)} deals in ${fixed(seeded.seedSeconds)} s`);
  if (seeded.deals !== DEALS) throw new Error(`stored ${seeded.deals} of ${DEALS} deals`);

  const { apiUrl } = server;
  const start30 = encodeURIComponent(daysAgo(30));
  console.log('Server time, sequential requests on one keep-alive connection:');
  const coldMs = await timeOnce(apiUrl, seeded.token, '/dashboard/stats?days=30');
  console.log(`  first read (the follower stores the positions): ${fixed(coldMs)} ms`);
  const timings: Timing[] = [];
  for (const [label, route] of [
    ['Stats, 30 days', '/dashboard/stats?days=30'],
    ['Stats, 365 days', '/dashboard/stats?days=365'],
    ['Trades, default (365 days)', '/bridge/trades'],
    ['Trades, 30 days', `/bridge/trades?start_date=${start30}`],
    ['Open positions', '/dashboard/positions'],
  ] as const) {
    timings.push(await timeRoute(apiUrl, seeded.token, label, route));
  }

  const afterNewDealsMs: number[] = [];
  // Minutes ago, each round after the last: a live account's deals arrive in time order.
  const liveFrom = Date.now() - 10 * 60_000;
  for (let i = 0; i < NEW_DEAL_ROUNDS; i++) {
    await appendTrips(pool, seeded.accountId, 2, DEALS + 1 + 4 * i, liveFrom + 10_000 * i);
    afterNewDealsMs.push(await timeOnce(apiUrl, seeded.token, '/dashboard/stats?days=30'));
  }
  const warmth = { coldMs, afterNewDealsMs, rssMiB: rssMiB(server.child.pid) };
  console.log(
    `  after 4 new deals: ${afterNewDealsMs.map((ms) => fixed(ms)).join(', ')} ms; RSS ${fixed(warmth.rssMiB)} MiB`,
  );

  console.log('Cold reads (issue 15):');
  load.push(loadavg()[0] ?? 0);
  const cold = await runColdReads(pool, db.url, server, seeded.token);
  load.push(loadavg()[0] ?? 0);
  await cleanUp();
  await report(date, db.settings, seeded.seedSeconds, timings, warmth, cold, load);
}

async function report(
  date: string,
  settings: string,
  seedSeconds: number,
  timings: Timing[],
  warmth: Warmth,
  cold: ColdFigures,
  load: number[],
): Promise<void> {
  const goalRows = timings.filter((t) => /^\/(dashboard\/stats|bridge\/trades)/.test(t.path));
  const slow = goalRows.filter((t) => t.p50 > LATENCY_GOAL_MS);
  const latencyMet = slow.length === 0;
  const timingTable = markdownTable(
    ['Request', 'Path', 'p50 ms', 'p99 ms', 'Max ms', 'Response', 'Body KB'],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
    timings.map((t) => [
      t.label,
      `\`${t.path.replace(/start_date=[^&]+/, 'start_date=<30 days ago>')}\``,
      fixed(t.p50),
      fixed(t.p99),
      fixed(t.max),
      t.rows,
      fixed(t.bytes / 1024),
    ]),
  );
  const worst = Math.max(...goalRows.map((t) => t.p50));
  const section = [
    SECTION,
    '',
    wrap(
      `Command (from the repository root): \`${COMMAND}\` (runs \`tsx trading.bench.ts\` in \`bench/\`; not part of \`npm run bench\`: a run takes ~10 minutes, most of it seeding and the follower storing positions).`,
    ),
    '',
    bullets([
      `Date: ${date}`,
      `Machine: ${machineNote()}; ${settings}, on the same machine. Its 1-minute load ` +
        `average, shared with other work: ${load.map((l) => fixed(l, 2)).join(', ')} (at the ` +
        `start, before the cold reads, after them).`,
      `Method: the built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`, \`DEMO=0\`) ` +
        `in a child process on a fresh database it migrates at start-up. One trader with one ` +
        `account holding ${int(DEALS)} deals over 4 years (\`bench/support/trading-seed.ts\`: ` +
        `open/close pairs of WIN futures positions, 5 magics, stored by the server's ` +
        `\`insertDeals\` in ${fixed(seedSeconds)} s, then ANALYZE) and ${OPEN_POSITIONS} open ` +
        `positions. Server time is the client's time from send to the end of the body, ` +
        `sequential requests on one keep-alive connection on the same machine: ${WARM_UPS} ` +
        `warm-ups, then p50/p99 over ${REQUESTS} requests. /dashboard/positions' throughput ` +
        `against a bare route is bench:open-positions' (its own section).`,
    ]),
    '',
    timingTable,
    '',
    bullets([
      `Goal: p50 ≤ ${LATENCY_GOAL_MS} ms for /dashboard/stats and /bridge/trades on ` +
        `${int(DEALS)} deals — **${latencyMet ? 'met' : 'NOT met'}**: the slowest p50 is ` +
        `${fixed(worst)} ms${latencyMet ? '' : ` (over: ${slow.map((t) => t.label).join('; ')})`}.`,
      `Warm reads: each account's positions are stored by a follower as deals arrive ` +
        `(apps/server/src/modules/trading/positions-follower.ts, table closed_positions) and the ` +
        `range a screen reads is kept in memory under TRADING_CACHE_MB ` +
        `(positions-cache.ts); a read right after 4 new deals were stored took ` +
        `${warmth.afterNewDealsMs.map((ms) => fixed(ms)).join(', ')} ms (${NEW_DEAL_ROUNDS} ` +
        `rounds); the server's RSS with the account warm was ${fixed(warmth.rssMiB)} MiB.`,
    ]),
    '',
    coldSection(cold, { deals: DEALS, ms: warmth.coldMs }),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeSection(SECTION, section);
  if (!latencyMet) process.exitCode = 1;
}

await runBench(main, cleanUp);
