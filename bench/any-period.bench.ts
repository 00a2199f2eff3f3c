/**
 * 'Todo o histórico' on a years-long account (issue 26): the server time of the statistics,
 * trades, reports' summary, statement and history-span reads over the whole history and over a
 * custom year, called as the routes call them (no HTTP), on an account of BENCH_DEALS deals
 * (default 200,000) over 4 years seeded by bench/support/trading-seed.ts. Prints a table; it
 * writes no RESULTS.md section. Needs PostgreSQL at BENCH_PG_URL (see support/bench-database.ts).
 * Command: `npx tsx bench/any-period.bench.ts` from the repository root.
 */
import { migrate } from '../apps/server/src/db/migrate.js';
import { reportsSummaryOf } from '../apps/server/src/modules/trading/reports-summary.service.js';
import { statementOf } from '../apps/server/src/modules/reports/reports.service.js';
import { historySpanOf } from '../apps/server/src/modules/trading/history-span.js';
import { PositionsCache } from '../apps/server/src/modules/trading/positions-cache.js';
import { dashboardStats } from '../apps/server/src/modules/trading/statistics.service.js';
import { tradesOf } from '../apps/server/src/modules/trading/trades.service.js';
import { resolvePeriod, resolveRange } from '../apps/server/src/modules/trading/trading-range.js';
import { renderStatementHtml } from '@vortex/core';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import { seedTradingAccount } from './support/trading-seed.js';

const DEALS = Number(process.env.BENCH_DEALS ?? 200_000);
const RUNS = 5;

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
  const request = { date_range: 'all', report_type: 'full', language: 'pt-BR' } as const;
  await timed(
    'statement model, all',
    () => statementOf(pool, user, request, now),
    (m) => `${m.sections.length} sections`,
  );
  await timed(
    'statement HTML, all (model + render)',
    async () => renderStatementHtml(await statementOf(pool, user, request, now)),
    (html) => `${(html.length / 1024 / 1024).toFixed(1)} M chars`,
  );
  await timed(
    'statement HTML, 2024',
    async () =>
      renderStatementHtml(
        await statementOf(pool, user, { ...request, start: '2024-01-01', end: '2024-12-31' }, now),
      ),
    (html) => `${(html.length / 1024 / 1024).toFixed(1)} M chars`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
