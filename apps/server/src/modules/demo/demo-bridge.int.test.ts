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
import { startDemoBridge } from './demo-bridge.js';

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
});
