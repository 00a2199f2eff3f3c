import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool } from '../src/db/database.js';
import { isAlive } from '../src/db/embedded/stale-postmaster.js';
import { freePort } from './free-port.js';

const SERVER_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** What the API's or web app's listen (Node) and PostgreSQL's bind say when a port is taken. */
const PORT_TAKEN = /EADDRINUSE|address already in use/i;
const PORT_ATTEMPTS = 5;

export const ADMIN = { email: 'admin@queda.vortex.local', password: 'Queda@2026-admin' };

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * The built server (dist/main.js) as a child process on its embedded PostgreSQL (DATABASE_URL
 * unset, a DATA_DIR of its own), so a test can kill that PostgreSQL under it, or signal it.
 */
export class EmbeddedServer {
  readonly url: string;
  /** A pool on the server's own database, for the test's reads and writes. */
  pool!: pg.Pool;
  private child!: ChildProcess;
  private log = '';
  private exited!: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private dbUrl = '';

  private constructor(
    readonly dataDir: string,
    readonly ports: { api: number; web: number; pg: number },
  ) {
    this.url = `http://127.0.0.1:${ports.api}`;
  }

  /**
   * Ports are picked free before the server binds them, so another test's socket can take one
   * meanwhile: a start that fails on a port in use (the API's, the web app's or PostgreSQL's) is
   * tried again on fresh ones, the data folder kept. Restarts stay on the ports of the start.
   */
  static async start(): Promise<EmbeddedServer> {
    if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: npm run build`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-outage-'));
    let server: EmbeddedServer;
    for (let attempt = 1; ; attempt++) {
      const ports = { api: await freePort(), web: await freePort(), pg: await freePort() };
      server = new EmbeddedServer(dataDir, ports);
      try {
        await server.launch();
        break;
      } catch (err) {
        // Exited: its start-up undid itself (PostgreSQL stopped, the instance lock released).
        if (attempt >= PORT_ATTEMPTS || server.alive || !PORT_TAKEN.test(server.output)) throw err;
      }
    }
    const cred = JSON.parse(
      await readFile(path.join(dataDir, 'postgres', 'pg-credentials.json'), 'utf8'),
    ) as { user: string; password: string };
    server.dbUrl = `postgres://${cred.user}:${encodeURIComponent(cred.password)}@127.0.0.1:${server.ports.pg}/vortex`;
    server.pool = createPool(server.dbUrl);
    return server;
  }

  /** Starts dist/main.js and resolves once /health says ok. */
  private async launch(): Promise<void> {
    this.spawn();
    const deadline = Date.now() + 60_000;
    while (!(await this.healthy())) {
      if (!this.alive) throw new Error(`the server exited while starting:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no /health in 60 s:\n${this.output}`);
      await sleep(100);
    }
  }

  /** SIGKILLs the server itself (its PostgreSQL is left running), then starts it again. */
  async crashAndRestart(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
    await this.launch();
  }

  private spawn(): void {
    this.child = spawn(process.execPath, [SERVER_MAIN], {
      // DATABASE_URL unset: the server starts and supervises its own PostgreSQL.
      env: {
        PATH: process.env.PATH,
        DATA_DIR: this.dataDir,
        PORT: String(this.ports.api),
        WEB_PORT: String(this.ports.web),
        EMBEDDED_PG_PORT: String(this.ports.pg),
        HOST: '127.0.0.1',
        DEMO: '0',
        WHATSAPP: '0',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => (this.log = (this.log + c.toString()).slice(-200_000));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** The application's database on the server's embedded PostgreSQL. */
  get databaseUrl(): string {
    return this.dbUrl;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** What the server wrote, stdout and stderr together. */
  get output(): string {
    return this.log;
  }

  async healthy(): Promise<boolean> {
    const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    return res?.status === 200;
  }

  async call(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<HttpAnswer> {
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      // Far above the pool's 5 s connect timeout: a hang shows as a failure, not a slow pass.
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
    return { status: res.status, body, headers: res.headers };
  }

  async login(email: string, password: string): Promise<string> {
    const res = await this.call('POST', '/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** The postmaster's pid, from its pid file: it changes with every restart. */
  async postmasterPid(): Promise<number> {
    const file = path.join(this.dataDir, 'postgres', 'pg', 'postmaster.pid');
    return Number((await readFile(file, 'utf8')).split('\n')[0]);
  }

  /**
   * SIGKILLs the embedded postmaster and takes its port before the supervisor can start a new
   * one, so the database stays away until `release` is called; nobody speaking PostgreSQL
   * answers there meanwhile (every connection is reset at once).
   */
  async killDatabase(): Promise<{ release: () => Promise<void> }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const pid = await this.postmasterPid();
      process.kill(pid, 'SIGKILL');
      while (isAlive(pid)) await sleep(5);
      const squatter = net.createServer((socket) => socket.destroy());
      const bound = await new Promise<boolean>((resolve) => {
        squatter.once('error', () => resolve(false));
        squatter.listen(this.ports.pg, '127.0.0.1', () => resolve(true));
      });
      if (bound) {
        return { release: () => new Promise<void>((resolve) => squatter.close(() => resolve())) };
      }
      // The supervisor was quicker: wait for that postmaster, then kill it again.
      while ((await this.postmasterPid().catch(() => pid)) === pid) await sleep(20);
    }
    throw new Error('could not keep the database down');
  }

  async waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (!this.alive) throw new Error(`the server died waiting for ${what}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  signal(sig: NodeJS.Signals): void {
    this.child.kill(sig);
  }

  async exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.exited;
  }

  async stop(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    if (this.alive) {
      this.child.kill('SIGTERM');
      const done = await Promise.race([this.exited.then(() => true), sleep(30_000, false)]);
      if (!done) this.child.kill('SIGKILL');
      await this.exited;
    }
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
