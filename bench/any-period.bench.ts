/**
 * 'Todo o histórico' on a years-long account (issue 26): the server time of the statistics,
 * trades, reports' summary, statement and history-span reads over the whole history and over a
 * custom year, called as the routes call them (no HTTP), on an account of BENCH_DEALS deals
 * (default 200,000) over 4 years seeded by bench/support/trading-seed.ts. Then the statement over
 * the whole history, streamed as the route sends it, beside the whole page it replaced and a COPY
 * of the same deals, each in a fresh process: time to the first byte, total time, peak RSS.
 * Prints tables; RESULTS.md's section is written by hand from them. Needs PostgreSQL at
 * BENCH_PG_URL (see support/bench-database.ts).
 * Command: `npx tsx bench/any-period.bench.ts` from the repository root.
 */
import { migrate } from '../apps/server/src/db/migrate.js';
import { reportsSummaryOf } from '../apps/server/src/modules/trading/reports-summary.service.js';
import { historySpanOf } from '../apps/server/src/modules/trading/history-span.js';
import { PositionsCache } from '../apps/server/src/modules/trading/positions-cache.js';
import { dashboardStats } from '../apps/server/src/modules/trading/statistics.service.js';
import { tradesOf } from '../apps/server/src/modules/trading/trades.service.js';
import { resolvePeriod, resolveRange } from '../apps/server/src/modules/trading/trading-range.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import { seedTradingAccount } from './support/trading-seed.js';

const DEALS = Number(process.env.BENCH_DEALS ?? 200_000);
const RUNS = 5;
const STATEMENT_ROUNDS = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 2);

async function timed<T>(label: string, run: () => Promise<T>, size: (value: T) => string) {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    last = await run();
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `| ${label.padEnd(44)} | ${first.toFixed(1).padStart(8)} | ${median.toFixed(1).padStart(8)} | ${last === undefined ? '' : size(last)} |`,
  );
}

async function main(): Promise<void> {
  guardRun(15 * 60_000);
  const db = await createBenchDatabase('anyperiod');
  const pool = benchPool(db, 4);
  onCleanUp('close the bench pool', () => pool.end());
  await migrate(pool);
  const seeded = await seedTradingAccount(pool, DEALS, 0);
  await pool.query('ANALYZE');
  console.log(
    `${seeded.deals} deals seeded in ${seeded.seedSeconds.toFixed(1)} s (${db.settings})`,
  );
  const deps = { pool, positions: new PositionsCache(pool) };
  const user = seeded.userId;
  const now = Date.now();
  const all = resolveRange({ start: '1970-01-01' }, 30, now);
  const year = resolvePeriod({ range: '7d', start: '2024-01-01', end: '2024-12-31' }, now);
  const kb = (value: unknown) =>
    `${(Buffer.byteLength(JSON.stringify(value)) / 1024).toFixed(0)} KB`;
  console.log(`| ${'Read'.padEnd(44)} | first ms | median ms | answer |`);
  await timed('history span', () => historySpanOf(pool, user), kb);
  await timed(
    'stats, whole history (first builds positions)',
    () => dashboardStats(deps, user, all),
    (s) => `${s.total_trades} trades, ${kb(s)}`,
  );
  await timed(
    'stats, 2024',
    () => dashboardStats(deps, user, year),
    (s) => `${s.total_trades} trades`,
  );
  const tradesQuery = {
    limit: 6000,
    offset: 0,
    order_by: 'time',
    order: 'desc',
    start_date: '1970-01-01',
  } as const;
  await timed(
    'trades, whole history, 6000 newest',
    () => tradesOf(deps, user, tradesQuery, now),
    (t) => `${t.trades.length} of ${t.total}, ${kb(t)}`,
  );
  await timed(
    'reports summary, all',
    () => reportsSummaryOf(deps, user, resolvePeriod({ range: 'all' }, now)),
    (s) => `${s.summary.total_trades} trades, ${kb(s)}`,
  );
  await statementRuns(db.url, user);
}

interface StatementRun {
  variant: string;
  totalMs: number;
  firstByteMs: number;
  bytes: number;
  baselineMiB: number;
  peakMiB: number;
}

/** One variant of the whole-history statement in a fresh process (support/statement-run.ts). */
function statementRun(variant: string, url: string, user: number): Promise<StatementRun> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./support/statement-run.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [...process.execArgv, script, variant, url, String(user)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(JSON.parse(line) as StatementRun);
      else reject(new Error(`statement-run ${variant} exited ${code}: ${out}`));
    });
  });
}

/**
 * The whole-history statement (HTML) three ways, each run in its own process, alternating:
 * the streamed route, the whole page it replaced, and a COPY of the same deals to STDOUT.
 */
async function statementRuns(url: string, user: number): Promise<void> {
  console.log(
    `| ${'Statement, date_range=all'.padEnd(30)} | first byte ms | total ms | MB sent | RSS before MiB | peak RSS MiB |`,
  );
  for (let round = 0; round < STATEMENT_ROUNDS; round++) {
    for (const variant of ['stream', 'whole', 'copy']) {
      const r = await statementRun(variant, url, user);
      console.log(
        `| ${variant.padEnd(30)} | ${r.firstByteMs.toFixed(1).padStart(13)} | ${r.totalMs.toFixed(1).padStart(8)} | ${(r.bytes / 1e6).toFixed(1).padStart(7)} | ${r.baselineMiB.toFixed(0).padStart(14)} | ${r.peakMiB.toFixed(0).padStart(12)} |`,
      );
    }
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
