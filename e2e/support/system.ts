import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClockEnv, systemClockOffset } from './clock.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningSystem {
  proc: ChildProcess;
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then wait for the exit code. */
  stop: () => Promise<number | null>;
}

export interface StartOptions {
  /** The command line; defaults to the built server (`npm run serve`'s command). */
  command?: [string, ...string[]];
  env?: Record<string, string>;
  dataDir?: string;
  ports?: { api: number; web: number };
  /** The system clock's offset from the machine's; defaults to the one the e2e set-up chose. */
  clockOffsetMs?: number;
}

export async function waitForHealth(apiUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${apiUrl}/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await sleep(200);
  }
  throw new Error(`API não respondeu em ${timeoutMs} ms: ${last}`);
}

export function waitForExit(proc: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('process did not exit')), timeoutMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Runs the built system on free ports with its own data folder (embedded PostgreSQL). */
export async function startSystem(opts: StartOptions = {}): Promise<RunningSystem> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'vortex-e2e-')));
  const ports = opts.ports ?? { api: await freePort(), web: await freePort() };
  const [cmd, ...args] = opts.command ?? [process.execPath, 'apps/server/dist/main.js'];
  let out = '';
  const proc = spawn(cmd, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...systemClockEnv(opts.clockOffsetMs ?? systemClockOffset()),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const apiUrl = `http://localhost:${ports.api}`;
  await Promise.race([
    waitForHealth(apiUrl),
    waitForExit(proc, 120_000).then((code) => {
      throw new Error(`O servidor terminou (código ${code}) antes de ficar pronto:\n${out}`);
    }),
  ]);
  return {
    proc,
    apiUrl,
    webUrl: `http://localhost:${ports.web}`,
    dataDir,
    output: () => out,
    stop: async () => {
      proc.kill('SIGTERM');
      return waitForExit(proc);
    },
  };
}

export async function serverPid(dataDir: string): Promise<number | undefined> {
  const raw = await readFile(path.join(dataDir, 'server.pid'), 'utf8').catch(() => '');
  const pid = Number(raw.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}
