/**
 * The cold half of bench/trading.bench.ts (issue 15): reads after a restart, when no account's
 * positions are in the server's memory and the follower's stored rows are all there is.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import {
  firstReads,
  percentiles,
  probeHealth,
  restart,
  STATS_30,
  timeOnce,
  waitForFollower,
  type ColdRun,
  type Percentiles,
} from './cold-reads.js';
import { HOST, onCleanUp, sleep, startChild, stopChild, waitForPortLine } from './processes.js';
import { seedTradingAccounts } from './trading-seed.js';
import { ROOT, type VortexServer } from './vortex-server.js';

const RESTARTS = Number(process.env.BENCH_COLD_RESTARTS ?? 5);
const SWEEP_ACCOUNTS = Number(process.env.BENCH_SWEEP_ACCOUNTS ?? 200);
const SWEEP_DEALS = Number(process.env.BENCH_SWEEP_DEALS ?? 20_000);
export const BUDGET_MB = Number(process.env.BENCH_TRADING_CACHE_MB ?? 64);
const BARE = path.join(ROOT, 'bench/support/bare-json.ts');

export interface ColdFigures {
  /** (a) the first /dashboard/stats?days=30 after each of RESTARTS restarts. */
  afterRestart: Percentiles;
  /** The reference: a bare Fastify route with the same body, its first request and warm p50. */
  bareFirstMs: number;
  bareWarm: Percentiles;
  sweepAccounts: number;
  sweepDeals: number;
  sweepSeedSeconds: number;
  /** From the restart to every sweep account's positions stored by the follower's backfill. */
  sweepBuildMs: number;
  idleHealth: Percentiles;
  /** (b) one account after another; (c) all at once. */
  sweep: ColdRun;
  together: ColdRun;
}

async function bareReference(body: string): Promise<{ first: number; warm: Percentiles }> {
  const file = path.join(tmpdir(), `vortex-bench-stats-${process.pid}.json`);
  await writeFile(file, body);
  const bare = startChild(
    'bare Fastify (stats)',
    ['--import', 'tsx', BARE, '/dashboard/stats', file],
    process.env,
    ROOT,
  );
  onCleanUp('stop bare Fastify (stats)', () => stopChild(bare, 10_000));
  const base = `http://${HOST}:${await waitForPortLine(bare, 30_000)}`;
  const first = await timeOnce(base, 'x', '/dashboard/stats');
  const warm: number[] = [];
  for (let i = 0; i < 30; i++) warm.push(await timeOnce(base, 'x', '/dashboard/stats'));
  await stopChild(bare, 10_000);
  return { first, warm: percentiles(warm) };
}

export async function runColdReads(
  pool: pg.Pool,
  databaseUrl: string,
  server: VortexServer,
  token: string,
): Promise<ColdFigures> {
  const env = { TRADING_CACHE_MB: String(BUDGET_MB) };
  const afterRestart: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    server = await restart(server, databaseUrl, env);
    afterRestart.push(await timeOnce(server.apiUrl, token, STATS_30));
  }
  console.log(
    `  first reads after a restart: ${afterRestart.map((ms) => ms.toFixed(1)).join(', ')} ms`,
  );
  const res = await fetch(`${server.apiUrl}${STATS_30}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bare = await bareReference(await res.text());

  console.log(`Seeding ${SWEEP_ACCOUNTS} accounts of ${SWEEP_DEALS} deals...`);
  const seedStart = performance.now();
  const accounts = await seedTradingAccounts(pool, SWEEP_ACCOUNTS, SWEEP_DEALS, 5, 'swp');
  const sweepSeedSeconds = (performance.now() - seedStart) / 1000;
  // Stored behind the server's back (no agent, no event): its backfill builds them on start.
  const buildStart = Date.now();
  server = await restart(server, databaseUrl, env);
  const sweepBuildMs = await waitForFollower(
    pool,
    accounts.map((a) => a.accountId),
    buildStart,
  );
  console.log(
    `  follower stored ${SWEEP_ACCOUNTS} accounts in ${(sweepBuildMs / 1000).toFixed(1)} s`,
  );

  server = await restart(server, databaseUrl, env);
  const idle = await probeHealth(server.apiUrl);
  await sleep(2_000);
  const idleHealth = await idle.stop();
  const tokens = accounts.map((a) => a.token);
  const sweep = await firstReads(server, tokens, false);
  console.log(
    `  sweep: p50 ${sweep.reads.p50.toFixed(1)} ms, p99 ${sweep.reads.p99.toFixed(1)} ms`,
  );
  server = await restart(server, databaseUrl, env);
  const together = await firstReads(server, tokens, true);
  console.log(
    `  together: ${together.totalMs.toFixed(0)} ms, /health p99 ${together.health.p99.toFixed(1)} ms`,
  );
  await stopChild(server.child, 30_000);
  return {
    afterRestart: percentiles(afterRestart),
    bareFirstMs: bare.first,
    bareWarm: bare.warm,
    sweepAccounts: SWEEP_ACCOUNTS,
    sweepDeals: SWEEP_DEALS,
    sweepSeedSeconds,
    sweepBuildMs,
    idleHealth,
    sweep,
    together,
  };
}
