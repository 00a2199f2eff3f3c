/**
 * The fleet benchmark's own infrastructure, never the machine's: an embedded PostgreSQL (the
 * server's own supervisor, durability on, as `npm start` runs it) and a throwaway redis-server
 * on a free port, both stopped and removed at clean-up; and what /proc says about their cost.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres.js';
import type { BenchDatabase } from './bench-database.js';
import { installTypeParsers } from '../../apps/server/src/db/pg-types.js';
import { CLOCK_TICKS } from './proc-stats.js';
import { freePorts, HOST, onCleanUp, sleep } from './processes.js';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../apps/server/src/db/rows.js';

// Statistics and sizes are bigints, read as numbers as the server reads them.
installTypeParsers();

export interface FleetPostgres {
  db: BenchDatabase;
  postmasterPid: () => number;
}

export async function startFleetPostgres(): Promise<FleetPostgres> {
  const baseDir = await mkdtemp(path.join(tmpdir(), 'vortex-fleet-pg-'));
  onCleanUp('remove the fleet PostgreSQL folder', () =>
    rm(baseDir, { recursive: true, force: true, maxRetries: 3 }),
  );
  const server = await startEmbeddedPostgres({ baseDir, log: () => undefined });
  onCleanUp('stop the fleet PostgreSQL', () => server.stop());
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE vortex_fleet');
  const r = await maybeRow(
    admin,
    z.object({ v: z.string(), f: z.string(), s: z.string(), b: z.string(), m: z.string() }),
    `SELECT current_setting('server_version') AS v, current_setting('fsync') AS f,
       current_setting('synchronous_commit') AS s, current_setting('shared_buffers') AS b,
       current_setting('max_connections') AS m`,
  );
  await admin.end();
  const settings = r
    ? `embedded PostgreSQL ${r.v}, fsync ${r.f}, synchronous_commit ${r.s}, shared_buffers ${r.b}, max_connections ${r.m}`
    : 'embedded PostgreSQL';
  return {
    db: { name: 'vortex_fleet', url: server.url('vortex_fleet'), settings },
    postmasterPid: () => {
      if (server.pid === undefined) throw new Error('the fleet PostgreSQL is not running');
      return server.pid;
    },
  };
}

export interface FleetRedis {
  url: string;
  pid: number;
}

export async function startFleetRedis(): Promise<FleetRedis> {
  const [port] = await freePorts(1);
  if (port === undefined) throw new Error('no free port for Redis');
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (proc.pid === undefined) throw new Error('redis-server did not start (is it installed?)');
  const pid = proc.pid;
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-8_000)));
  onCleanUp('stop the fleet redis-server', async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(5_000)]);
  });
  for (let i = 0; i < 100 && !out.includes('Ready to accept connections'); i++) {
    if (proc.exitCode !== null) throw new Error(`redis-server exited:\n${out}`);
    await sleep(100);
  }
  if (!out.includes('Ready to accept connections'))
    throw new Error(`redis-server not ready:\n${out}`);
  return { url: `redis://${HOST}:${port}`, pid };
}

interface ProcStat {
  ppid: number;
  /** utime + stime, and the same for the children it has reaped, in ms. */
  ownMs: number;
  reapedMs: number;
}

async function procStat(pid: number): Promise<ProcStat | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;
    return {
      ppid: f[1] ?? 0,
      ownMs: ms((f[11] ?? 0) + (f[12] ?? 0)),
      reapedMs: ms((f[13] ?? 0) + (f[14] ?? 0)),
    };
  } catch {
    return undefined;
  }
}

async function childrenOf(parent: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((n) => /^\d+$/.test(n)).map(Number);
  const stats = await Promise.all(pids.map(async (pid) => [pid, await procStat(pid)] as const));
  return stats.filter(([, s]) => s?.ppid === parent).map(([pid]) => pid);
}

/**
 * CPU ms used so far by a PostgreSQL server: the postmaster, its live children (backends,
 * walwriter, autovacuum...) and the children it has already reaped, so a backend that ends
 * between two readings still counts.
 */
export async function postgresCpuMs(postmaster: number): Promise<number> {
  const root = await procStat(postmaster);
  if (!root) return Number.NaN;
  let sum = root.ownMs + root.reapedMs;
  for (const pid of await childrenOf(postmaster)) sum += (await procStat(pid))?.ownMs ?? 0;
  return sum;
}

async function pssKiB(pid: number): Promise<number> {
  try {
    const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB$/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A PostgreSQL server's memory in MiB: PSS summed, so shared buffers count once. */
export async function postgresPssMiB(postmaster: number): Promise<number> {
  const pids = [postmaster, ...(await childrenOf(postmaster))];
  const kib = await Promise.all(pids.map(pssKiB));
  return kib.reduce((a, b) => a + b, 0) / 1024;
}

export interface TableWrites {
  inserted: number;
  updated: number;
  deleted: number;
  liveRows: number;
  bytes: number;
}

/** Rows written per table so far (pg_stat_user_tables) and each table's size on disk. */
export async function tableWrites(pool: pg.Pool): Promise<Map<string, TableWrites>> {
  const rows = await rowsOf(
    pool,
    z.object({
      relname: z.string(),
      ins: z.number(),
      upd: z.number(),
      del: z.number(),
      live: z.number(),
      bytes: z.number(),
    }),
    `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del, n_live_tup AS live,
       pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables`,
  );
  return new Map(
    rows.map((r) => [
      r.relname,
      { inserted: r.ins, updated: r.upd, deleted: r.del, liveRows: r.live, bytes: r.bytes },
    ]),
  );
}
