import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@vortex/core';

const SERVER_MAIN = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));

export interface ServerProcessOptions {
  databaseUrl: string;
  /** Kept across restarts, as a real deployment's is: the pid file of a killed run stays. */
  dataDir: string;
  port: number;
  webPort: number;
  /**
   * TRADING_WARM_UP_MS: 0 (the default here) skips the trading reads' warm-up, which only a
   * trader's screens gain from and which would hold every start of these agent-only servers.
   */
  tradingWarmUpMs?: number;
}

export interface ServerProcess {
  url: string;
  /** Starts `node apps/server/dist/main.js` and resolves, in ms, once /health answers. */
  start: () => Promise<number>;
  /**
   * SIGKILL by default, no warning; resolves with the signal the process died of once it is
   * gone (null when it exited by itself, as a server told SIGTERM does after closing).
   */
  kill: (signal?: NodeJS.Signals) => Promise<NodeJS.Signals | null>;
}

/** Linux's ephemeral range, where every listen(0) and outgoing connection gets its port. */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s/)[0],
    );
    return low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port free right now on 127.0.0.1, to be reused for every restart: drawn at random from
 * 10000 up to the kernel's ephemeral range, which no other test's listen(0) or outgoing
 * connection is given, so nothing takes it in the gaps between a killed server and the next
 * (as apps/server/test/free-port.ts, which this package's build cannot import).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; low - 10_000 >= 1_000 && attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await bindable(port)) return port;
  }
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** The built server as a child process, so that a test can kill it the way a crash would. */
export function serverProcess(o: ServerProcessOptions): ServerProcess {
  const url = `http://127.0.0.1:${o.port}`;
  const logFile = path.join(o.dataDir, 'server.log');
  let child: ChildProcess | undefined;
  let exited: Promise<NodeJS.Signals | null> = Promise.resolve(null);
  const logTail = () => readFileSync(logFile, 'utf8').slice(-2_000);

  const start = async (): Promise<number> => {
    if (child) throw new Error('the server is already running');
    if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build`);
    const t0 = performance.now();
    mkdirSync(o.dataDir, { recursive: true });
    const out = openSync(logFile, 'a');
    const proc = spawn(process.execPath, [SERVER_MAIN], {
      // Only what the server needs: no REDIS_URL, SMTP_URL or DEMO leaking in from the shell.
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: o.databaseUrl,
        DATA_DIR: o.dataDir,
        PORT: String(o.port),
        WEB_PORT: String(o.webPort),
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'warn',
        TRADING_WARM_UP_MS: String(o.tradingWarmUpMs ?? 0),
        ADMIN_EMAIL: 'admin@crash.vortex.local',
        ADMIN_PASSWORD: 'Crash@2026-admin',
      },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
    const gone = exited.then(() => true);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await Promise.race([gone, sleep(10, false)])) {
        child = undefined;
        throw new Error(`the server exited while starting:\n${logTail()}`);
      }
      const ok = await fetch(`${url}${endpoints.health.check.path}`, {
        signal: AbortSignal.timeout(1_000),
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - t0;
    }
    throw new Error(`the server did not answer /health in 30 s:\n${logTail()}`);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<NodeJS.Signals | null> => {
    if (!child) return null;
    child.kill(signal);
    child = undefined;
    return exited;
  };

  return { url, start, kill };
}
