import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// The same lookup `npm test` uses to say how to install it when it is missing.
import { findRedisServer } from '../../../scripts/lib/find-binary.mjs';
import { freePort } from './free-port.js';

export interface RedisServer {
  url: string;
  port: number;
  /** SIGTERM and wait: Redis is gone until start() brings it back on the same port. */
  stop: () => Promise<void>;
  /** SIGKILL and wait. */
  kill: () => Promise<void>;
  /** Starts it again on the same port, empty (no persistence), and waits for PING. */
  start: () => Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('error', () => done(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/**
 * A throwaway redis-server of the test's own on a free port of 127.0.0.1: no persistence, its
 * files in a temporary folder, so a test can stop and start it without touching anyone else's.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin)
    throw new Error(
      'redis-server não encontrado. Instale com: sudo apt-get install -y redis-server',
    );
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vortex-redis-'));
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    if (child) return;
    const proc = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: dir, stdio: 'ignore' },
    );
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await ping(port))) {
      if (proc.exitCode !== null) throw new Error(`redis-server saiu (código ${proc.exitCode})`);
      if (Date.now() > deadline) throw new Error('redis-server não respondeu em 10 s');
      await sleep(20);
    }
  };
  const end = (signal: NodeJS.Signals) => async () => {
    const proc = child;
    if (!proc) return;
    child = undefined;
    proc.kill(signal);
    await exited;
  };
  await start();
  process.once('exit', () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: end('SIGTERM'),
    kill: end('SIGKILL'),
    start,
  };
}
