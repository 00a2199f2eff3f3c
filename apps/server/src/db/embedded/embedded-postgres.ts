import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadPgBinaries } from './binaries.js';
import { ensureTraversable, postgresRunAs, type RunAs } from './os-user.js';
import { clearStalePostmaster, waitForExit } from './stale-postmaster.js';

export interface EmbeddedOptions {
  /** Folder that holds the cluster (`pg/`) and its credentials file. */
  baseDir: string;
  /** 0 or undefined picks a free port at every start. */
  port?: number | undefined;
  /** Durability off is only for throwaway test clusters. */
  fsync?: boolean;
  log: (msg: string) => void;
}

export interface EmbeddedPostgres {
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const USER = 'vortex';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => {
        if (addr && typeof addr === 'object') resolve(addr.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

function runToEnd(cmd: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...runAs,
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(cmd)} falhou (código ${code}): ${out}`)),
    );
  });
}

async function initialise(
  pgDir: string,
  credFile: string,
  initdb: string,
  runAs: RunAs | undefined,
) {
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (runAs) await chown(pgDir, runAs.uid, runAs.gid);
  const password = randomBytes(24).toString('base64url');
  const pwFile = path.join(os.tmpdir(), `vortex-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwFile, runAs.uid, runAs.gid);
  try {
    await runToEnd(
      initdb,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
  await writeFile(credFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
}

function startPostmaster(
  postgres: string,
  pgDir: string,
  port: number,
  fsync: boolean,
  runAs: RunAs | undefined,
): Promise<ChildProcess> {
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    `fsync=${fsync ? 'on' : 'off'}`,
    '-c',
    'max_connections=200',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(postgres, args, {
      ...runAs,
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (c: Buffer) => {
      output = (output + c.toString()).slice(-8000);
      if (output.includes('database system is ready to accept connections')) {
        child.stderr.off('data', onData);
        child.stdout.off('data', onData);
        child.removeListener('close', onClose);
        resolve(child);
      }
    };
    const onClose = (code: number | null) =>
      reject(new Error(`PostgreSQL embutido não iniciou (código ${code}):\n${output}`));
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.on('error', reject);
    child.once('close', onClose);
  });
}

/**
 * Starts a private PostgreSQL server under `baseDir/pg`, initialising it on first use and taking
 * over from a run that was killed before it could stop its server.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await loadPgBinaries();
  const runAs = await postgresRunAs();
  const pgDir = path.join(opts.baseDir, 'pg');
  const credFile = path.join(opts.baseDir, 'pg-credentials.json');
  await mkdir(opts.baseDir, { recursive: true });
  if (runAs) await ensureTraversable(opts.baseDir, runAs, opts.log);
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    opts.log(`Inicializando PostgreSQL embutido em ${pgDir}`);
    await rm(pgDir, { recursive: true, force: true });
    await initialise(pgDir, credFile, initdb, runAs);
  } else {
    await clearStalePostmaster(pgDir, opts.log);
  }
  const cred = JSON.parse(await readFile(credFile, 'utf8')) as { user: string; password: string };
  const port = opts.port && opts.port > 0 ? opts.port : await freePort();
  const child = await startPostmaster(postgres, pgDir, port, opts.fsync ?? true, runAs);
  // Keep draining its output so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  const pid = child.pid;
  let stopped: Promise<void> | undefined;
  return {
    port,
    url: (database = 'postgres') =>
      `postgres://${cred.user}:${encodeURIComponent(cred.password)}@127.0.0.1:${port}/${database}`,
    stop: () => {
      stopped ??= (async () => {
        if (pid === undefined || child.exitCode !== null) return;
        child.kill('SIGINT');
        if (!(await waitForExit(pid, 30_000))) child.kill('SIGKILL');
      })();
      return stopped;
    },
  };
}
