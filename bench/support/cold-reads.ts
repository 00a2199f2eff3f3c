/**
 * Cold reads for bench/trading.bench.ts (issue 15): the first read of an account after a server
 * restart, a sweep over many accounts' first reads, and many accounts' first reads at once, each
 * with /health probed meanwhile and the server's RSS sampled.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { RssSampler } from './proc-stats.js';
import { sleep, stopChild } from './processes.js';
import { percentileOf } from './report.js';
import { startVortexServer, type VortexServer } from './vortex-server.js';
import { z } from 'zod';
import { oneRow } from '../../apps/server/src/db/rows.js';

export const STATS_30 = '/dashboard/stats?days=30';

/** One request's time from send to the end of its body. */
export async function timeOnce(baseUrl: string, token: string, route: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${baseUrl}${route}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}: ${text.slice(0, 300)}`);
  return performance.now() - start;
}

/** Stops the server and starts a new one on the same database: nothing of it stays in memory. */
export async function restart(
  server: VortexServer,
  databaseUrl: string,
  env: Record<string, string>,
): Promise<VortexServer> {
  await stopChild(server.child, 30_000);
  return startVortexServer(databaseUrl, [], env);
}

export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const p = (q: number) => (sorted.length === 0 ? Number.NaN : percentileOf(sorted, q));
  return { n: sorted.length, p50: p(50), p99: p(99), max: p(100) };
}

/**
 * GET /health one after another (5 ms apart) from a child process until stopped
 * (health-probe.ts): the server's event loop and pool as a load balancer's probe sees them.
 */
export async function probeHealth(baseUrl: string): Promise<{ stop: () => Promise<Percentiles> }> {
  const child = fork(fileURLToPath(new URL('./health-probe.ts', import.meta.url)), [baseUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const message = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`health probe exited (${code})`)));
    });
  await message();
  return {
    stop: async () => {
      const done = message();
      child.send('stop');
      const { times } = (await done) as { times: number[] };
      return percentiles(times);
    },
  };
}

export interface ColdRun {
  reads: Percentiles;
  totalMs: number;
  health: Percentiles;
  rssHighMiB: number;
  rssLowMiB: number;
}

/** First reads of every token's account, `together` at once or one after another. */
export async function firstReads(
  server: VortexServer,
  tokens: readonly string[],
  together: boolean,
): Promise<ColdRun> {
  const rss = new RssSampler(server.child.pid);
  const health = await probeHealth(server.apiUrl);
  await sleep(200);
  const start = performance.now();
  const times: number[] = [];
  if (together) {
    times.push(...(await Promise.all(tokens.map((t) => timeOnce(server.apiUrl, t, STATS_30)))));
  } else {
    for (const token of tokens) times.push(await timeOnce(server.apiUrl, token, STATS_30));
  }
  const totalMs = performance.now() - start;
  const probed = await health.stop();
  const { high, low } = rss.stop();
  return { reads: percentiles(times), totalMs, health: probed, rssHighMiB: high, rssLowMiB: low };
}

/** Waits until the follower has stored every account's positions; the time it took, in ms. */
export async function waitForFollower(
  pool: pg.Pool,
  accountIds: readonly number[],
  startedAt: number,
): Promise<number> {
  for (;;) {
    const row = await oneRow(
      pool,
      z.object({ done: z.number() }),
      `SELECT count(*)::int AS done
       FROM positions_watermarks w JOIN mt5_accounts a ON a.id = w.account_id
       WHERE w.account_id = ANY($1::bigint[])
         AND w.deals_count = (deals_version(a.id) ->> 'count')::bigint`,
      [accountIds],
    );
    if (row.done === accountIds.length) return Date.now() - startedAt;
    await sleep(250);
  }
}
