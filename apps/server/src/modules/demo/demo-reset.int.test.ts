import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { describe, expect, it, type TestApp, type TestDatabase } from '../../../test/fixture.js';
import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import { makeUser, type TestUser } from '../../../test/identities.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { AlertDispatcher } from '../alerts/alert-dispatcher.js';
import { resetDemoAccount } from './demo-reset.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let stateDir: string;

it.beforeAll(({ db: givenDb, t: givenT, base: givenBase }) => {
  [db, t, base] = [givenDb, givenT, givenBase];
});
it.beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'vortex-demo-reset-'));
});
it.afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

/** A run of the simulated account: three deals stored and acknowledged, a trade alert sent. */
async function previousRun(user: TestUser, account: number): Promise<TestAgent> {
  const agent = await pairTestAgent(t.app, base, user, account);
  agent.send({ type: 'deals', batch_id: 'run1', deals: [1, 2, 3].map((n) => testDeal(n)) });
  expect(await agent.next()).toMatchObject({ type: 'deals_ack', last_ticket: 3 });
  const dispatcher = new AlertDispatcher({
    pool: db.pool,
    log: pino({ level: 'silent' }),
    queue: () => t.app.messageQueue,
  });
  const key = `trade_close:${user.id}:${account}:2`;
  const alert = { type: 'trade_close', title: 'Trade fechado', message: 'R$ 10,00' } as const;
  expect(await dispatcher.raise(user.id, alert, key)).toBeGreaterThan(0);
  return agent;
}

const count = async (sql: string, params: unknown[]) =>
  (await oneRow(db.pool, z.object({ n: z.number() }), sql, params)).n;

describe('a demo run starting over', () => {
  it('drops the previous run’s account, frees its trade alert keys and its outbox', async () => {
    const demo = await makeUser(db.pool, { role: 'trader' });
    const other = await makeUser(db.pool, { role: 'trader' });
    const account = 8_000_000 + demo.id;
    (await previousRun(demo, account)).close();
    (await previousRun(other, 8_000_000 + other.id)).close();
    await db.pool.query(
      'INSERT INTO bot_runs (user_id, active, peak_equity) VALUES ($1, false, 150000)',
      [demo.id],
    );
    await writeFile(path.join(stateDir, 'outbox.json'), '{"acked":3,"deals":[]}');

    const key = `trade_close:${demo.id}:${account}:2`;
    const keyed = 'SELECT count(*)::int AS n FROM messages WHERE dedupe_key = $1';
    expect(await count(keyed, [`${key}:email`])).toBe(1);

    expect(await resetDemoAccount(db.pool, demo.id, stateDir)).toEqual({ accounts: 1 });

    const deals =
      'SELECT count(*)::int AS n FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1';
    expect(await count(deals, [demo.id])).toBe(0);
    expect(await count(deals, [other.id])).toBe(3);
    // The alert stays in the trader's log; its key no longer blocks the new run's ticket 2.
    expect(
      await count('SELECT count(*)::int AS n FROM alert_log WHERE user_id = $1', [demo.id]),
    ).toBe(1);
    expect(
      await count('SELECT count(*)::int AS n FROM alert_log WHERE dedupe_key = $1', [key]),
    ).toBe(0);
    expect(
      await count('SELECT count(*)::int AS n FROM messages WHERE dedupe_key = $1', [
        `${key}:email`,
      ]),
    ).toBe(0);
    expect(
      (await db.pool.query('SELECT peak_equity FROM bot_runs WHERE user_id = $1', [demo.id])).rows,
    ).toEqual([{ peak_equity: null }]);
    expect(await readdir(stateDir)).not.toContain('outbox.json');
    // A later start leaves the keys freed before as they are: they do not grow start after start.
    const keys = 'SELECT dedupe_key FROM alert_log WHERE user_id = $1';
    const before = (await db.pool.query(keys, [demo.id])).rows;
    await resetDemoAccount(db.pool, demo.id, stateDir);
    expect((await db.pool.query(keys, [demo.id])).rows).toEqual(before);

    // The new run's agent is told to send its history from the first ticket.
    const agent = await pairTestAgent(t.app, base, demo, account);
    agent.send({ type: 'deals', batch_id: 'run2', deals: [testDeal(1, { price: 130_000 })] });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack', last_ticket: 1 });
    const rows = await rowsOf(
      db.pool,
      z.object({ price: z.number() }),
      'SELECT d.price FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1',
      [demo.id],
    );
    expect(rows.map((r) => r.price)).toEqual([130_000]);
    agent.close();
  });
});
