/**
 * The trades screen's totals over every position of its filter (issue 26, GET
 * /trading/trades/totals) on an account of BENCH_POSITIONS closed positions (default 200,000,
 * from twice as many deals over 4 years, seeded by bench/support/trading-seed.ts and built by the
 * server's own follower), called as the route calls it (no HTTP). Beside it, in the same run and
 * alternating with it, a bare `SELECT count(*)` of the same rows: the least any read of them
 * costs. Prints a table; RESULTS.md's section is written by hand from it.
 * Needs PostgreSQL at BENCH_PG_URL (see support/bench-database.ts).
 * Command: `npx tsx bench/trades-totals.bench.ts` from the repository root.
 */
import { migrate } from '../apps/server/src/db/migrate.js';
import { PositionsCache } from '../apps/server/src/modules/trading/positions-cache.js';
import { storedPositionSums, SUMS } from '../apps/server/src/modules/trading/trades-totals.repo.js';
import { dashboardStats } from '../apps/server/src/modules/trading/statistics.service.js';
import { tradesTotalsOf } from '../apps/server/src/modules/trading/trades-totals.service.js';
import { resolveRange } from '../apps/server/src/modules/trading/trading-range.js';
import { benchPool, createBenchDatabase } from './support/bench-database.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import { seedTradingAccount } from './support/trading-seed.js';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200_000);
const RUNS = 15;

const median = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

async function main(): Promise<void> {
  guardRun(20 * 60_000);
  const db = await createBenchDatabase('totals');
  const pool = benchPool(db, 4);
  onCleanUp('close the bench pool', () => pool.end());
  await migrate(pool);
  const seeded = await seedTradingAccount(pool, 2 * POSITIONS, 0);
  const deps = { pool, positions: new PositionsCache(pool) };
  let start = performance.now();
  await deps.positions.follower.catchUp(seeded.accountId, true);
  const buildSeconds = (performance.now() - start) / 1000;
  // As a live table is: its visibility map set by autovacuum, its statistics current.
  await pool.query('VACUUM ANALYZE closed_positions');
  console.log(
    `${seeded.deals} deals seeded in ${seeded.seedSeconds.toFixed(1)} s, positions built in ` +
      `${buildSeconds.toFixed(1)} s (${db.settings})`,
  );

  const now = Date.now();
  const user = seeded.userId;
  const cases = [
    { label: 'whole history', query: { start_date: '1970-01-01' } },
    { label: 'whole history, one magic', query: { start_date: '1970-01-01', magic: 135_001 } },
    { label: '2024', query: { start_date: '2024-01-01', end_date: '2024-12-31' } },
  ];
  console.log(
    `| ${'Filter'.padEnd(26)} | positions | totals first ms | totals median ms | SQL sums median ms | count(*) median ms | ratio | Estatísticas median ms |`,
  );
  for (const c of cases) {
    const range = resolveRange({ start: c.query.start_date, end: c.query.end_date }, 365, now);
    const magic = 'magic' in c.query ? c.query.magic : undefined;
    const count = async () => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM closed_positions
         WHERE account_id = $1 AND close_time >= $2 AND close_time <= $3
           AND ($4::bigint IS NULL OR magic = $4)`,
        [seeded.accountId, range.from, range.to, magic ?? null],
      );
      return rows[0]?.n ?? 0;
    };
    const sums = async () => {
      const client = await pool.connect();
      try {
        return (await storedPositionSums(client, seeded.accountId, range, magic)).count;
      } finally {
        client.release();
      }
    };
    const totalsTimes: number[] = [];
    const countTimes: number[] = [];
    const sumsTimes: number[] = [];
    const statsTimes: number[] = [];
    let counted = 0;
    let totalled = 0;
    for (let i = 0; i < RUNS; i++) {
      start = performance.now();
      totalled = (await tradesTotalsOf(deps, user, c.query, now)).totals.count;
      totalsTimes.push(performance.now() - start);
      start = performance.now();
      counted = await count();
      countTimes.push(performance.now() - start);
      start = performance.now();
      await sums();
      sumsTimes.push(performance.now() - start);
      // What Estatísticas reads for the same filter (its positions from the warm cache).
      start = performance.now();
      await dashboardStats(deps, user, range, magic);
      statsTimes.push(performance.now() - start);
    }
    // Partly closed positions are the watermark's, not the table's: the two counts may differ by them.
    if (Math.abs(totalled - counted) > 10)
      throw new Error(`totals ${totalled} vs count ${counted}`);
    const t = median(totalsTimes);
    const k = median(countTimes);
    console.log(
      `| ${c.label.padEnd(26)} | ${String(totalled).padStart(9)} | ${(totalsTimes[0] ?? 0).toFixed(1).padStart(15)} | ${t.toFixed(1).padStart(16)} | ${median(sumsTimes).toFixed(1).padStart(18)} | ${k.toFixed(1).padStart(18)} | ${(t / k).toFixed(1).padStart(5)} | ${median(statsTimes).toFixed(1).padStart(22)} |`,
    );
  }
  const explain = async (sql: string, values: unknown[]) =>
    (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values)).rows
      .map((r) => r['QUERY PLAN'].trim())
      .join(' / ');
  const whole = [seeded.accountId, 0, now];
  console.log(`totals plan: ${await explain(SUMS, [...whole, null])}`);
  console.log(
    `count(*) plan: ${await explain(
      'SELECT count(*) FROM closed_positions WHERE account_id = $1 AND close_time >= $2 AND close_time <= $3',
      whole,
    )}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
