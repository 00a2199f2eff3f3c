/**
 * Cold reads for bench/trading.bench.ts (issue 15): the first read of an account after a server
 * restart, a sweep over many accounts' first reads, and many accounts' first reads at once, each
 * with /health probed meanwhile and the server's RSS sampled.
 */
import type pg from 'pg';
import { RssSampler } from './proc-stats.js';
import { sleep, stopChild } from './processes.js';
import { percentileOf } from './report.js';
import { startVortexServer, type VortexServer } from './vortex-server.js';

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

/** GET /health one after another (5 ms apart) until stopped: the event loop's responsiveness. */
export function probeHealth(baseUrl: string): { stop: () => Promise<Percentiles> } {
  const times: number[] = [];
  const run = { stopped: false };
  const loop = (async () => {
    while (!run.stopped) {
      const start = performance.now();
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      times.push(performance.now() - start);
      await sleep(5);
    }
  })();
  return {
    stop: async () => {
      run.stopped = true;
      await loop;
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
  const health = probeHealth(server.apiUrl);
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
    const { rows } = await pool.query<{ done: number }>(
      `SELECT count(*)::int AS done
       FROM positions_watermarks w JOIN mt5_accounts a ON a.id = w.account_id
       WHERE w.account_id = ANY($1::bigint[])
         AND w.deals_count = (deals_version(a.id) ->> 'count')::bigint`,
      [accountIds],
    );
    const r = rows[0];
    if (r?.done === accountIds.length) return Date.now() - startedAt;
    await sleep(250);
  }
}
