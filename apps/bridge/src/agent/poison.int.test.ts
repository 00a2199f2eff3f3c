import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type TestDatabase,
  type TestUser,
} from '../../../server/test/fixture.js';
import { ALL_READS_OK, readStatuses } from '../../../server/test/trader-reads.js';
import { rowsOf } from '../../../server/src/db/rows.js';
import { BridgeAgent } from './agent.js';
import type { DeadLetter } from './dead-letter.js';
import { stubDeal, stubTerminal } from './stub-terminal.js';
import { waitUntil } from '../../../server/test/wait.js';

/**
 * The two poisons an agent once got past the server, end to end: the real agent and the real
 * server. Before, a profit of 1e308 broke nine of the trader's reads for good, and a NUL in a
 * symbol closed the socket on every resend, so nothing behind it was ever stored.
 */
let dir: string;

it.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-poison-'));
});
it.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const storedTickets = async (db: TestDatabase, trader: TestUser) =>
  (
    await rowsOf(
      db.pool,
      z.object({ ticket: z.number() }),
      `SELECT d.ticket FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1 ORDER BY d.ticket`,
      [trader.id],
    )
  ).map((r) => r.ticket);

describe('poison from a terminal', () => {
  it('is refused with its reason, dead-lettered by the agent, and what follows is stored; every read answers 200', async ({
    app,
    base,
    db,
    api,
    trader,
  }) => {
    const poison: Record<number, Partial<Mt5Deal>> = {
      3: { profit: 1e308 },
      4: { symbol: 'WIN\u0000Z25' },
    };
    const deals = [1, 2, 3, 4, 5, 6].map((n) => ({ ...stubDeal(n), ...poison[n] }));
    const token = (await api.as(trader).post('/bridge/token/create')).json<{ token: string }>()
      .token;
    const agent = new BridgeAgent({
      serverUrl: base,
      pairingToken: token,
      stateDir: dir,
      source: stubTerminal(
        { account_number: 6_060_606, server: 'Veneno-Demo' },
        { poll: (after) => deals.filter((d) => d.ticket > after) },
      ),
      clientVersion: '0.1.0',
      heartbeatMs: 100,
      // One deal a batch: each poison is its own batch, refused while the others pass.
      batchSize: 1,
      log: () => undefined,
    });
    await agent.start();
    try {
      await waitUntil(
        async () => (await storedTickets(db, trader)).includes(6),
        'deal 6 to be stored',
      );
      await waitUntil(() => agent.pendingDeals === 0, 'the outbox to empty');
    } finally {
      agent.stop();
      await agent.done;
    }
    expect(await storedTickets(db, trader)).toEqual([1, 2, 5, 6]);
    const letters = readFileSync(path.join(dir, 'dead-letter.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as DeadLetter);
    expect(letters.map((l) => l.deal.ticket)).toEqual([3, 4]);
    expect(letters[0]?.reason).toMatch(/profit/);
    expect(letters[1]?.reason).toMatch(/symbol.*caracteres de controle/);
    expect(await readStatuses(app, trader.token)).toEqual(ALL_READS_OK);
  });
});
