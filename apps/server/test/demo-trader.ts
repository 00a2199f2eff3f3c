import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startDemoBridge, type DemoSimEnv } from '../src/modules/demo/demo-bridge.js';
import { makeUser, type TestUser } from './identities.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const BRIDGE_MAIN = fileURLToPath(new URL('../../bridge/dist/main.js', import.meta.url));

export interface DemoTrader {
  db: TestDatabase;
  t: TestApp;
  trader: TestUser;
  /** Stops the agent, the app and the database, and removes the agent's state. */
  stop: () => Promise<void>;
}

/**
 * A trader on the demo account as `npm start` runs it: the real agent (built) on the simulated
 * MT5, backfilling `historyDays` of history into an app listening on a free port. `env` adds the
 * other SIM_* settings (a hedging USD account, fees, deposits).
 */
export async function startDemoTrader(
  historyDays: string,
  env: DemoSimEnv = {},
): Promise<DemoTrader> {
  const db = await createTestDatabase();
  const t = await createTestApp(db);
  const apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const trader = await makeUser(db.pool, { role: 'trader' });
  const stateDir = await mkdtemp(path.join(tmpdir(), 'vortex-demo-trader-'));
  const stopBridge = await startDemoBridge({
    pool: db.pool,
    userId: trader.id,
    bridgeMain: BRIDGE_MAIN,
    apiUrl,
    stateDir,
    env: { ...env, SIM_HISTORY_DAYS: historyDays },
    log: pino({ level: 'silent' }),
  });
  return {
    db,
    t,
    trader,
    stop: async () => {
      await stopBridge();
      await t.close();
      await db.drop();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
