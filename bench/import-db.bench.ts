/**
 * A report import end to end beside a COPY of the same rows (issue 26, "Imports at the speed of
 * the database"): a Trade History report of BENCH_DEALS deals (default 30,000; UTF-16 LE HTML as
 * the terminal writes it, or with BENCH_FORMAT=xlsx the same rows as an XLSX) imported by the server's own importReport (read, assign positions,
 * staged by COPY as it is read, checked, then moved into the account in one transaction) into a
 * fresh account, then the same Mt5Deal rows written by the server's COPY path (deal-copy.ts:
 * copyRows + copyDeals, COPY FROM STDIN through pg-copy-streams) into another fresh account. The
 * import runs in a child process of its own, started with --expose-gc, so its RSS is measured
 * from a clean baseline (not over the heap that wrote the report), sampled at every chunk read
 * and every batch stored; the positions follower is not run (a no-op catchUp), so the import is
 * timed to its commit. The COPY runs next, in this process.
 *
 *   npx tsx --expose-gc bench/import-db.bench.ts   (needs PostgreSQL at BENCH_PG_URL)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../apps/server/src/db/migrate.js';
import { upsertAccount } from '../apps/server/src/modules/bridge/trading-ingest.repo.js';
import { copyDeals, copyRows } from '../apps/server/src/modules/bridge/deal-copy.js';
import { parseMt5Report } from '../apps/server/src/modules/reports/import/detect.js';
import { importedDeals } from '../apps/server/src/modules/reports/imported-deals.js';
import { importedOrders } from '../apps/server/src/modules/reports/imported-orders.js';
import { importReport } from '../apps/server/src/modules/reports/report-import.service.js';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { historyHtml, historyReport } from './support/import-report.js';
import { xlsxOfHtml } from './support/import-xlsx.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import { fixed, int, machineNote } from './support/report.js';
import { seedTradingAccounts } from './support/trading-seed.js';

const DEALS = Number(process.env.BENCH_DEALS ?? 30_000);
/** html (the terminal's UTF-16 HTML) or xlsx (the same rows as a UTF-16 sheet). */
const FORMAT = process.env.BENCH_FORMAT === 'xlsx' ? 'xlsx' : 'html';
const MB = 1024 * 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

function rssWatch() {
  gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  return {
    sample: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
    growthMb: () => (peak - base) / MB,
  };
}

interface ChildResult {
  importMs: number;
  parsedMs: number;
  stored: number;
  importRss: number;
}

/** The child: one import of IMPORT_FILE, its time and peak RSS growth as a JSON line. */
async function importChild(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.IMPORT_URL, max: 4 });
  try {
    const watch = rssWatch();
    let parsedMs = 0;
    const started = performance.now();
    const result = await importReport(
      { pool, follower: { catchUp: () => Promise.resolve() } },
      Number(process.env.IMPORT_USER),
      process.env.IMPORT_FILE ?? '',
      {
        onProgress: watch.sample,
        onParsed: () => {
          parsedMs = performance.now() - started;
          watch.sample();
        },
        onStored: watch.sample,
      },
    );
    const importMs = performance.now() - started;
    watch.sample();
    const out: ChildResult = {
      importMs,
      parsedMs,
      stored: result.deals.new,
      importRss: watch.growthMb(),
    };
    console.log(JSON.stringify(out));
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  guardRun(15 * 60_000);
  const db = await createBenchDatabase('import');
  const pool = benchPool(db, 4);
  onCleanUp('close the bench pool', () => pool.end());
  await migrate(pool);
  const [importer, copier] = await seedTradingAccounts(pool, 2, 0, 0, 'imp');
  if (!importer || !copier) throw new Error('no traders');
  const dir = await mkdtemp(path.join(tmpdir(), 'vortex-import-db-'));
  onCleanUp('remove the report', () => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, `ReportHistory.${FORMAT}`);
  const bytes = FORMAT === 'xlsx' ? await xlsxOfHtml(historyHtml(DEALS)) : historyReport(DEALS);
  await writeFile(file, bytes);

  // the import, as the route runs it, in a child of its own
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), 'import'],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MB,
      env: {
        ...process.env,
        IMPORT_URL: db.url,
        IMPORT_USER: String(importer.userId),
        IMPORT_FILE: file,
      },
    },
  );
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`import child failed: ${child.stderr}${child.stdout}`);
  }
  const { importMs, parsedMs, stored, importRss } = JSON.parse(line) as ChildResult;
  const parsedAt = parsedMs;
  const started = 0;

  // the reference: the same rows, COPY FROM STDIN (the server's own fast path)
  const t0 = performance.now();
  const report = await parseMt5Report(file);
  const t1 = performance.now();
  const deals = importedDeals(report);
  const t2 = performance.now();
  const orders = importedOrders(report, deals);
  const t3 = performance.now();
  const accountId = await upsertAccount(pool, {
    userId: copier.userId,
    accountNumber: 4_500_001,
    server: 'Bench-Copy',
    company: 'Bench Corretora',
    currency: 'BRL',
    marginMode: 'hedging',
    tradeMode: 'demo',
  });
  const copyWatch = rssWatch();
  const copyStarted = performance.now();
  const body = copyRows(deals);
  if (!body) throw new Error('rows COPY cannot write');
  copyWatch.sample();
  const copied = await copyDeals(pool, accountId, body);
  copyWatch.sample();
  const copyMs = performance.now() - copyStarted;

  const importRate = (deals.length / importMs) * 1000;
  const copyRate = (copied / copyMs) * 1000;
  console.log(
    `${int(DEALS)} deals, ${fixed(bytes.length / MB)} MB UTF-16 ${FORMAT}; ${machineNote()}; ${db.settings}; load ${fixed(loadavg()[0] ?? 0, 2)}`,
  );
  console.log(
    `| Write | ms | deals/s | peak RSS +MB |\n| import (read ${int(parsedAt - started)} ms, store ${int(started + importMs - parsedAt)} ms; ${int(stored)} stored) | ${int(importMs)} | ${int(importRate)} | ${fixed(importRss)} |\n| COPY of the same ${int(copied)} rows | ${int(copyMs)} | ${int(copyRate)} | ${fixed(copyWatch.growthMb())} |`,
  );
  console.log(
    `read stages, again: parse ${int(t1 - t0)} ms, importedDeals ${int(t2 - t1)} ms, importedOrders ${int(t3 - t2)} ms (${int(orders.length)} orders)`,
  );
  console.log(`import / COPY: ${fixed(importRate / copyRate, 3)} (goal 0.3)`);
}

if (process.argv[2] === 'import') {
  await importChild();
} else {
  try {
    await main();
  } finally {
    await cleanUp();
  }
}
