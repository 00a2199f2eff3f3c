import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { loadPgBinaries } from './binaries.js';
import { ensureTraversable, postgresRunAs } from './os-user.js';
import { initialise, startPostmaster } from './postmaster.js';
import { clearStalePostmaster, killOrphanBackends } from './stale-postmaster.js';
import { PostmasterSupervisor, type PostmasterChange } from './supervisor.js';

export type { PostmasterChange } from './supervisor.js';

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
  /** Stops the server for good: the supervisor does not start it again. */
  stop: () => Promise<void>;
  /** Hears the postmaster die unexpectedly and come back (restarted on the same port). */
  onChange: (listener: (change: PostmasterChange) => void) => () => void;
  /** Restarts after an unexpected exit, and the running postmaster's pid. */
  readonly restarts: number;
  readonly pid: number | undefined;
}

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

/**
 * Starts a private PostgreSQL server under `baseDir/pg`, initialising it on first use and taking
 * over from a run that was killed before it could stop its server; supervised from then on.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await loadPgBinaries();
  const runAs = await postgresRunAs();
  const pgDir = path.join(opts.baseDir, 'pg');
  const credFile = path.join(opts.baseDir, 'pg-credentials.json');
  await mkdir(opts.baseDir, { recursive: true });
  if (runAs) {
    // The data folder and the binaries (a clone in a 0700 folder holds them) alike.
    for (const dir of [opts.baseDir, path.dirname(initdb), path.dirname(postgres)]) {
      await ensureTraversable(dir, runAs, opts.log);
    }
  }
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    opts.log(`Inicializando PostgreSQL embutido em ${pgDir}`);
    await rm(pgDir, { recursive: true, force: true });
    await initialise(pgDir, credFile, initdb, runAs);
  } else {
    await clearStalePostmaster(pgDir, opts.log);
  }
  const cred = JSON.parse(await readFile(credFile, 'utf8')) as { user: string; password: string };
  const port = opts.port && opts.port > 0 ? opts.port : await freePort();
  const start = () => startPostmaster(postgres, pgDir, port, opts.fsync ?? true, runAs);
  const supervisor = new PostmasterSupervisor(await start(), {
    restart: async () => {
      await killOrphanBackends(pgDir, opts.log);
      await clearStalePostmaster(pgDir, opts.log);
      return start();
    },
    log: opts.log,
  });
  let stopped: Promise<void> | undefined;
  return {
    port,
    url: (database = 'postgres') =>
      `postgres://${cred.user}:${encodeURIComponent(cred.password)}@127.0.0.1:${port}/${database}`,
    stop: () => (stopped ??= supervisor.stop()),
    onChange: (listener) => supervisor.onChange(listener),
    get restarts() {
      return supervisor.restarts;
    },
    get pid() {
      return supervisor.pid;
    },
  };
}
