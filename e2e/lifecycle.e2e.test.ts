import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../apps/server/test/wait.js';
import {
  freePort,
  removeDataDir,
  repoRoot,
  serverPid,
  startSystem,
  waitForExit,
  waitForHealth,
} from './support/system.js';

const dirs: string[] = [];
afterAll(async () => {
  // A failed assertion must not leave servers or database servers running behind.
  for (const d of dirs) {
    const pid = await serverPid(d);
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    const pg = await postmasterPid(d).catch(() => 0);
    if (pg && alive(pg)) process.kill(pg, 'SIGINT');
    await removeDataDir(d);
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  const raw = await readFile(path.join(dataDir, 'postgres', 'pg', 'postmaster.pid'), 'utf8');
  return Number(raw.split('\n')[0]);
}

describe('configuration', () => {
  it('stops with one clear message naming PORT when PORT=abc', () => {
    const res = spawnSync('npm', ['run', 'serve'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc', WEB_PORT: 'x', DATA_DIR: os.tmpdir() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('Configuração inválida');
    expect(res.stderr).toMatch(/PORT: deve ser uma porta entre 1 e 65535 \(recebido "abc"\)/);
    expect(res.stderr).toMatch(/WEB_PORT: deve ser uma porta/);
  });
});

describe('process lifecycle', () => {
  it('prints a generated admin password once, on the first start only', async () => {
    const first = await startSystem();
    dirs.push(first.dataDir);
    expect(first.output()).toMatch(/Senha:\s+\S{20}/);
    expect(await first.stop()).toBe(0);
    const second = await startSystem({ dataDir: first.dataDir });
    expect(second.output()).not.toContain('Senha:');
    expect(await second.stop()).toBe(0);
  });

  it('shuts down cleanly on SIGTERM: exit 0, database server stopped, pid file removed', async () => {
    const sys = await startSystem();
    dirs.push(sys.dataDir);
    const pgPid = await postmasterPid(sys.dataDir);
    // Settled at once, so a refused connection is a result here rather than an unhandled rejection.
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${sys.apiUrl}/health`).then(
        (r) => r.status,
        () => 'refused' as const,
      ),
    );
    const code = await sys.stop();
    expect(code).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(await serverPid(sys.dataDir)).toBeUndefined();
    // Requests already accepted finish; none is cut off with a 5xx other than "closing".
    for (const status of await Promise.all(inFlight)) {
      expect([200, 503, 'refused']).toContain(status);
    }
  });

  it('`npm start` killed with SIGKILL and started again comes up normally', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-e2e-kill-'));
    dirs.push(dataDir);
    const ports = { api: await freePort(), web: await freePort() };
    const env = {
      ...process.env,
      PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    };
    const apiUrl = `http://localhost:${ports.api}`;

    const first = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore' });
    await waitForHealth(apiUrl, 120_000);
    const orphanServer = await serverPid(dataDir);
    const orphanPg = await postmasterPid(dataDir);
    first.kill('SIGKILL');
    await waitForExit(first);
    // npm is gone; what it started is still running and holds the ports and the database.
    expect(orphanServer && alive(orphanServer)).toBe(true);

    const second = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore' });
    // The orphan still answers /health until the new start has stopped it.
    await waitUntil(
      async () => {
        const pid = await serverPid(dataDir);
        return pid !== undefined && pid !== orphanServer;
      },
      'the second start never wrote its own server.pid',
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    await waitForHealth(apiUrl, 120_000);
    const health = (await (await fetch(`${apiUrl}/health`)).json()) as {
      database: { reachable: boolean };
    };
    expect(health.database.reachable).toBe(true);
    const newServer = await serverPid(dataDir);
    expect(newServer).not.toBe(orphanServer);
    expect(alive(orphanServer ?? 0)).toBe(false);
    expect(alive(orphanPg)).toBe(false);
    const page = await fetch(`http://localhost:${ports.web}/login`);
    expect(page.status).toBe(200);

    // Kill the whole lot hard this time (server and its database alike), and start once more.
    second.kill('SIGKILL');
    if (newServer) process.kill(newServer, 'SIGKILL');
    await waitForExit(second);
    const third = await startSystem({ dataDir, ports });
    expect((await fetch(`${third.apiUrl}/health`)).status).toBe(200);
    expect(await third.stop()).toBe(0);
    // Three starts of the whole system, each waited on for up to 120 s: the tier's 60 s default
    // cut it short beside other work (35 s alone, over 60 s with three more e2e files running).
  }, 300_000);
});
