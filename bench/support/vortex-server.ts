/**
 * The built Vórtex server (`apps/server/dist/main.js`) in a child process of its own, on a given
 * database (it applies the migrations at start-up), with a temporary DATA_DIR; stopped at clean-up.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePorts,
  HOST,
  onCleanUp,
  startChild,
  stopChild,
  waitForHealth,
  type Child,
} from './processes.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

export interface VortexServer {
  child: Child;
  apiUrl: string;
}

export async function startVortexServer(
  databaseUrl: string,
  extraNodeArgs: string[] = [],
  /** Added after the defaults, e.g. REDIS_URL to make several servers one. */
  extraEnv: Record<string, string> = {},
): Promise<VortexServer> {
  for (const needed of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(needed)) {
      throw new Error(`${path.relative(ROOT, needed)} is missing: run \`npm run build\` first`);
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-bench-'));
  onCleanUp('remove the temporary DATA_DIR', () =>
    rm(dataDir, { recursive: true, force: true, maxRetries: 3 }),
  );
  const [apiPort, webPort] = await freePorts(2);
  if (apiPort === undefined || webPort === undefined) throw new Error('no free ports');
  // No Redis, no SMTP, no demo bridge: the server and its database only.
  const unset = new Set(['REDIS_URL', 'EMBEDDED_PG_PORT', 'SMTP_URL', 'WEB_ORIGINS']);
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !unset.has(name)),
  );
  Object.assign(env, {
    DATABASE_URL: databaseUrl,
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST,
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench-admin@vortex.local',
    ADMIN_PASSWORD: 'Bench@12345',
    ...extraEnv,
  });
  // E.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startChild(
    'Vórtex server',
    [...nodeArgs, ...extraNodeArgs, SERVER_MAIN],
    env,
    ROOT,
  );
  onCleanUp('stop the Vórtex server', () => stopChild(child, 30_000));
  const apiUrl = `http://${HOST}:${apiPort}`;
  await waitForHealth(child, apiUrl, 120_000);
  return { child, apiUrl };
}
