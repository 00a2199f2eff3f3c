import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient } from '../pg-client.js';
import { startEmbeddedPostgres, type PostmasterChange } from './embedded-postgres.js';
import { isAlive } from './stale-postmaster.js';
import { z } from 'zod';
import { oneRow } from '../rows.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function query(url: string, sql: string): Promise<unknown[]> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    // One-off SQL, several statements at times: the callers read what they need themselves.
    const result: { rows?: unknown[] } = await c.query(sql);
    return result.rows ?? [];
  } finally {
    await c.end();
  }
}

/** Starts a cluster from another node process, then kills that process with SIGKILL. */
async function orphanAPostmaster(baseDir: string): Promise<number> {
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'embedded-postgres.ts'))});
    const pg = await startEmbeddedPostgres({ baseDir: ${JSON.stringify(baseDir)}, fsync: false, log: () => {} });
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  child.kill('SIGKILL');
  const pid = Number(
    (await readFile(path.join(baseDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  expect(isAlive(pid)).toBe(true);
  return pid;
}

describe('embedded PostgreSQL', () => {
  it('keeps its data across restarts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-emb-'));
    dirs.push(dir);
    const first = await startEmbeddedPostgres({ baseDir: dir, fsync: false, log: () => undefined });
    await query(first.url(), 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await first.stop();
    const second = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: () => undefined,
    });
    expect(await query(second.url(), 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    await second.stop();
  });

  it('takes over from a postmaster left running by a killed parent', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-emb-'));
    dirs.push(dir);
    const orphan = await orphanAPostmaster(dir);
    const logs: string[] = [];
    const pgServer = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: (m) => logs.push(m),
    });
    expect(isAlive(orphan)).toBe(false);
    expect(logs.join('\n')).toContain(`pid ${orphan}`);
    expect(await query(pgServer.url(), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    await pgServer.stop();
  });

  it('starts despite a stale postmaster.pid naming a process that is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-emb-'));
    dirs.push(dir);
    const first = await startEmbeddedPostgres({ baseDir: dir, fsync: false, log: () => undefined });
    await first.stop();
    // A pid that is certainly not a postgres process: this test runner itself.
    await writeFile(path.join(dir, 'pg', 'postmaster.pid'), `${process.pid}\n${dir}/pg\n0\n5432\n`);
    const second = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: () => undefined,
    });
    expect(await query(second.url(), 'SELECT 2 AS ok')).toEqual([{ ok: 2 }]);
    await second.stop();
  });

  it('restarts a postmaster killed with SIGKILL on the same port, past a busy orphan backend', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-emb-'));
    dirs.push(dir);
    const pgServer = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: () => undefined,
    });
    const changes: PostmasterChange[] = [];
    const back = new Promise<void>((resolve) =>
      pgServer.onChange((c) => {
        changes.push(c);
        if (c.state === 'up') resolve();
      }),
    );
    await query(pgServer.url(), 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)');
    // A backend busy computing never checks for its postmaster's death: it keeps the old shared
    // memory attached, and no new postmaster may start until it is gone.
    const busy = await connectClient(pgServer.url());
    const { pid: backend } = await oneRow(
      busy,
      z.object({ pid: z.number() }),
      'SELECT pg_backend_pid() AS pid',
    );
    const running = busy
      .query('SELECT count(*) FROM generate_series(1, 1e11)')
      .catch(() => 'ended');
    const first = pgServer.pid;
    expect(first).toBeDefined();
    process.kill(first as number, 'SIGKILL');
    try {
      await back;
      expect(changes).toEqual([
        { state: 'restarting', reason: 'PostgreSQL embutido encerrado pelo sinal SIGKILL' },
        { state: 'up' },
      ]);
      expect(pgServer.restarts).toBe(1);
      expect(pgServer.pid).not.toBe(first);
      expect(await running).toBe('ended');
      expect(await query(pgServer.url(), 'SELECT v FROM kept')).toEqual([{ v: 7 }]);
    } finally {
      // Were the test to fail, the orphan would burn a core for hours.
      if (isAlive(backend)) process.kill(backend, 'SIGKILL');
      await busy.end();
      await pgServer.stop();
    }
  });

  it('does not restart a postmaster stopped on purpose', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-emb-'));
    dirs.push(dir);
    const pgServer = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: () => undefined,
    });
    const changes: PostmasterChange[] = [];
    pgServer.onChange((c) => changes.push(c));
    const pid = pgServer.pid as number;
    await pgServer.stop();
    // The exit was seen (it is what stop() waits for) and not taken for a death.
    expect(isAlive(pid)).toBe(false);
    expect(changes).toEqual([]);
    await expect(query(pgServer.url(), 'SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
