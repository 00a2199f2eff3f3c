import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { makeUser } from '../../../test/identities.js';
import { waitUntil } from '../../../test/wait.js';
import { maybeRow } from '../../db/rows.js';
import { hashToken } from '../../lib/tokens.js';
import { demoSimEnv, startDemoBridge } from './demo-bridge.js';

const BRIDGE_MAIN = fileURLToPath(new URL('../../../../bridge/dist/main.js', import.meta.url));

let db: TestDatabase;
let base: string;
let stateDir: string;

it.beforeAll(({ db: givenDb, base: givenBase }) => {
  [db, base] = [givenDb, givenBase];
});
it.beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'vortex-demo-bridge-'));
});
it.afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

/** The agent this process forked, found the way `ps` finds it: through /proc. */
async function forkedAgent(): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the parenthesised command name: state, then the parent's pid.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(BRIDGE_MAIN)) return Number(entry);
  }
  throw new Error('the demo agent was not started');
}

describe('the demo bridge', () => {
  it('hands its pairing token over in the environment, never on the command line', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const stop = await startDemoBridge({
      pool: db.pool,
      userId: trader.id,
      bridgeMain: BRIDGE_MAIN,
      apiUrl: base,
      stateDir,
      env: { SIM_HISTORY_DAYS: '1' },
      log: pino({ level: 'silent' }),
    });
    try {
      const pid = await forkedAgent();
      // What every user of the machine can read.
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      expect(argv).not.toContain('--token');
      expect(argv.filter((a) => /[A-Za-z0-9_-]{43}/.test(a))).toEqual([]);
      // What only this user can read.
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      const token = environ.find((v) => v.startsWith('VORTEX_BRIDGE_TOKEN='))?.split('=')[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // It is the demo trader's token, and the agent pairs with it.
      const status = async () => {
        const row = await maybeRow(
          db.pool,
          z.object({ status: z.string() }),
          "SELECT status FROM bridge_tokens WHERE token_hash = $1 AND user_id = $2 AND label = 'demo'",
          [hashToken(token ?? ''), trader.id],
        );
        return row?.status;
      };
      await waitUntil(async () => (await status()) === 'paired', 'the demo agent never paired', {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      expect(await status()).toBe('paired');
    } finally {
      await stop();
    }
  });

  it('runs the hedging USD account with fees, deposits and a withdrawal that SIM_* ask for', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const ownState = await mkdtemp(path.join(tmpdir(), 'vortex-demo-hedging-'));
    const stop = await startDemoBridge({
      pool: db.pool,
      userId: trader.id,
      bridgeMain: BRIDGE_MAIN,
      apiUrl: base,
      stateDir: ownState,
      env: demoSimEnv({
        historyDays: '3',
        marginMode: 'hedging',
        currency: 'USD',
        dealFee: '0.1',
        balanceOps: '1:5000,2:-3000',
      }),
      log: pino({ level: 'silent' }),
    });
    try {
      const account = () =>
        maybeRow(
          db.pool,
          z.object({
            currency: z.string(),
            margin_mode: z.string(),
            operations: z.array(z.number()),
            fees: z.number(),
          }),
          `SELECT a.currency, a.margin_mode,
             coalesce(array_agg(d.profit ORDER BY d.ticket) FILTER (WHERE d.type = 2), '{}') AS operations,
             count(*) FILTER (WHERE d.type IN (0, 1) AND d.fee < 0)::int AS fees
           FROM mt5_accounts a LEFT JOIN deals d ON d.account_id = a.id
           WHERE a.user_id = $1 GROUP BY a.id`,
          [trader.id],
        );
      await waitUntil(
        async () => (await account())?.operations.length === 3,
        'the demo account never got its balance operations',
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      const row = await account();
      expect(row).toMatchObject({
        currency: 'USD',
        margin_mode: 'hedging',
        operations: [10_000, 5_000, -3_000],
      });
      expect(row?.fees).toBeGreaterThan(0);
    } finally {
      await stop();
      await rm(ownState, { recursive: true, force: true });
    }
  });
});
