import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/db/embedded/embedded-postgres.js';
import { startRedisServer, type RedisServer } from '../redis-server.js';
import { Child } from './child.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { freePort } from '../free-port.js';

const dist = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const SERVER_MAIN = dist('server/dist/main.js');
const AGENT_MAIN = dist('bridge/dist/main.js');
const TERMINAL_MAIN = dist('bridge/dist/sim-terminal-main.js');

/** A Tuesday's session at 10:00 in São Paulo: at 60x the suite stays inside its trading hours. */
export const SESSION_START = '2026-11-17T10:00:00-03:00';

export const ADMIN = { email: 'admin@falhas.vortex.local', password: 'Falhas@2026-admin' };
export const TRADER = { email: 'trader@falhas.vortex.local', password: 'Falhas@2026-trader' };

export interface FaultSystemOptions {
  /** 'embedded': the server runs its own PostgreSQL; 'external': one this test runs, by URL. */
  database: 'embedded' | 'external';
  /** The simulated terminal's clock speed and history. */
  simSpeed: number;
  historyDays: number;
}

/**
 * The whole built system as separate processes, as a trader's deployment runs it: PostgreSQL,
 * Redis, the API server, the simulated MT5 terminal with its Expert Advisor, and the bridge
 * agent reaching the server through a relay that can cut the link.
 */
export class FaultSystem {
  readonly server: Child;
  readonly agent: Child;
  readonly terminal: Child;
  redis!: RedisServer;
  proxy!: TcpProxy;
  externalPg: EmbeddedPostgres | undefined;
  pairingToken = '';
  readonly apiUrl: string;

  private constructor(
    readonly dir: string,
    private readonly opts: FaultSystemOptions,
    readonly ports: { api: number; web: number; pg: number; ea: number },
  ) {
    this.apiUrl = `http://127.0.0.1:${ports.api}`;
    const dataDir = path.join(dir, 'server');
    mkdirSync(dataDir, { recursive: true });
    this.server = new Child(
      'servidor',
      () => ({
        args: [SERVER_MAIN],
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: String(ports.api),
          WEB_PORT: String(ports.web),
          HOST: '127.0.0.1',
          DEMO: '0',
          WHATSAPP: '0',
          LOG_LEVEL: 'info',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          REDIS_URL: this.redis.url,
          REDIS_PREFIX: 'vortex-falhas:',
          ...(this.externalPg
            ? { DATABASE_URL: this.externalPg.url('vortex_falhas') }
            : { EMBEDDED_PG_PORT: String(ports.pg) }),
        },
      }),
      path.join(dir, 'server.log'),
    );
    this.terminal = new Child(
      'terminal',
      () => ({
        args: [
          TERMINAL_MAIN,
          '--ea-port',
          String(ports.ea),
          '--seed',
          'falhas',
          '--speed',
          String(opts.simSpeed),
          '--history-days',
          String(opts.historyDays),
          '--deals-file',
          this.dealsFile,
          // A session under way whatever the wall clock says, with deals every few minutes.
          '--start',
          SESSION_START,
          '--active',
        ],
        env: { PATH: process.env.PATH },
      }),
      path.join(dir, 'terminal.log'),
    );
    this.agent = new Child(
      'agente',
      () => ({
        args: [
          AGENT_MAIN,
          '--server',
          this.proxy.url,
          '--token',
          this.pairingToken,
          '--adapter',
          'ea',
          '--ea-port',
          String(ports.ea),
          '--state-dir',
          path.join(dir, 'agent'),
        ],
        env: { PATH: process.env.PATH },
      }),
      path.join(dir, 'agent.log'),
    );
  }

  get dealsFile(): string {
    return path.join(this.dir, 'terminal-deals.json');
  }

  get dataDir(): string {
    return path.join(this.dir, 'server');
  }

  static async create(opts: FaultSystemOptions): Promise<FaultSystem> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-falhas-'));
    const ports = {
      api: await freePort(),
      web: await freePort(),
      pg: await freePort(),
      ea: await freePort(),
    };
    const system = new FaultSystem(dir, opts, ports);
    system.redis = await startRedisServer();
    if (opts.database === 'external') await system.startExternalPg();
    system.proxy = await startTcpProxy(ports.api);
    return system;
  }

  /** The external PostgreSQL, (re)started on the same port and folder. */
  async startExternalPg(): Promise<void> {
    this.externalPg = await startEmbeddedPostgres({
      baseDir: path.join(this.dir, 'external-pg'),
      port: this.ports.pg,
      fsync: false,
      log: () => undefined,
    });
    const admin = new pg.Client(this.externalPg.url('postgres'));
    await admin.connect();
    const { rowCount } = await admin.query(
      "SELECT 1 FROM pg_database WHERE datname = 'vortex_falhas'",
    );
    if (!rowCount) await admin.query('CREATE DATABASE vortex_falhas');
    await admin.end();
  }

  /** The embedded postmaster's pid, from its pid file. */
  embeddedPostmasterPid(): number {
    const pidFile = path.join(this.dataDir, 'postgres', 'pg', 'postmaster.pid');
    return Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  }

  /** A direct connection to the application's database, for counting what was stored. */
  databaseUrl(): string {
    if (this.externalPg) return this.externalPg.url('vortex_falhas');
    const cred = JSON.parse(
      readFileSync(path.join(this.dataDir, 'postgres', 'pg-credentials.json'), 'utf8'),
    ) as { user: string; password: string };
    return `postgres://${cred.user}:${encodeURIComponent(cred.password)}@127.0.0.1:${this.ports.pg}/vortex`;
  }

  /** Starts the server and waits for /health to say ok; resolves with the ms it took. */
  async startServer(timeoutMs = 60_000): Promise<number> {
    const t0 = performance.now();
    this.server.start();
    await waitFor(
      async () => (await fetch(`${this.apiUrl}/health`).catch(() => undefined))?.ok === true,
      timeoutMs,
      () => `o servidor não respondeu /health:\n${this.server.tail()}`,
    );
    return performance.now() - t0;
  }

  async close(): Promise<void> {
    for (const c of [this.agent, this.terminal, this.server])
      if (c.running) await c.kill('SIGTERM').catch(() => undefined);
    await this.proxy.close();
    await this.redis.stop();
    await this.externalPg?.stop();
    if (!process.env.KEEP_FAULT_DIRS) await rm(this.dir, { recursive: true, force: true });
  }
}

/** Polls `cond` every 100 ms until it holds; throws with `why()` after `timeoutMs`. */
export async function waitFor(
  cond: () => Promise<boolean> | boolean,
  timeoutMs: number,
  why: () => string,
): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (
      await Promise.resolve()
        .then(cond)
        .catch(() => false)
    )
      return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(why());
    await sleep(100);
  }
}
