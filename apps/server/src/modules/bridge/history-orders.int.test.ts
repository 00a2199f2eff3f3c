import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const MS = 1_763_730_000_000;
const order = (ticket: number, over: Record<string, unknown> = {}) => ({
  ticket,
  symbol: 'WINZ25',
  type: 0,
  state: 4,
  volume_initial: 2,
  volume_current: 0,
  price_open: 0,
  sl: 124_800,
  tp: 125_400,
  price_current: 125_000,
  time_setup_msc: MS + ticket,
  time_done_msc: MS + ticket + 7,
  magic: 135_000,
  comment: 'fibo',
  position_id: ticket,
  reason: 3,
  ...over,
});

/** A paired agent past a hello that names its symbols' digits. */
async function helloAgent(u: TestUser, accountNumber: number): Promise<TestAgent> {
  const created = await app.inject({
    method: 'POST',
    url: '/bridge/token/create',
    headers: bearer(u.token),
    payload: { label: 'orders' },
  });
  const agent = await TestAgent.connect(base);
  agent.send({
    type: 'auth',
    protocol: 1,
    client_version: '0.2.0',
    pairing_token: created.json<{ token: string }>().token,
  });
  expect((await agent.next()).type).toBe('auth_ok');
  agent.send({
    type: 'hello',
    account_number: accountNumber,
    server: 'Vortex-Demo',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'demo',
    client_version: '0.2.0',
    symbol_digits: [
      { symbol: 'WINZ25', digits: 0 },
      { symbol: 'EURUSD', digits: 5 },
    ],
  });
  expect((await agent.next()).type).toBe('resume');
  return agent;
}

const storedOrders = async (userId: number) =>
  (
    await db.pool.query<{ ticket: number; state: number; sl: number; time_done_msc: number }>(
      `SELECT o.ticket, o.state, o.sl, o.time_done_msc FROM mt5_history_orders o
       JOIN mt5_accounts a ON a.id = o.account_id WHERE a.user_id = $1 ORDER BY o.ticket`,
      [userId],
    )
  ).rows;

describe('history orders from the agent', () => {
  it('stores a batch, acknowledges it after the commit, and a resend replaces rather than doubles', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const agent = await helloAgent(u, 6_100_001);
    agent.send({ type: 'history_orders', batch_id: 'h1', orders: [order(1), order(2)] });
    expect(await agent.next()).toEqual({ type: 'history_orders_ack', batch_id: 'h1', stored: 2 });
    expect(await storedOrders(u.id)).toEqual([
      { ticket: 1, state: 4, sl: 124_800, time_done_msc: MS + 8 },
      { ticket: 2, state: 4, sl: 124_800, time_done_msc: MS + 9 },
    ]);
    // The ack was lost and the batch comes again, order 2 now canceled.
    agent.send({
      type: 'history_orders',
      batch_id: 'h1',
      orders: [order(1), order(2, { state: 2, sl: 0 })],
    });
    expect((await agent.next()).type).toBe('history_orders_ack');
    expect((await storedOrders(u.id)).map((o) => [o.ticket, o.state, o.sl])).toEqual([
      [1, 4, 124_800],
      [2, 2, 0],
    ]);
    const { rows } = await db.pool.query<{ symbol: string; digits: number }>(
      `SELECT d.symbol, d.digits FROM mt5_symbol_digits d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1 ORDER BY d.symbol`,
      [u.id],
    );
    expect(rows).toEqual([
      { symbol: 'EURUSD', digits: 5 },
      { symbol: 'WINZ25', digits: 0 },
    ]);
    agent.close();
  });

  it('refuses a batch that fails the contract by its id, in pt-BR, and writes nothing', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const agent = await helloAgent(u, 6_100_002);
    agent.send({
      type: 'history_orders',
      batch_id: 'bad',
      orders: [order(1), order(2, { sl: -5 })],
    });
    const answer = await agent.next();
    expect(answer).toMatchObject({ type: 'history_orders_rejected', batch_id: 'bad' });
    expect(answer.type === 'history_orders_rejected' && answer.reason).toMatch(
      /^Mensagem inválida: orders\.1\.sl /,
    );
    expect(await storedOrders(u.id)).toEqual([]);
    agent.close();
  });

  it('deleting the account deletes its history orders and digits (the trigger)', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const agent = await helloAgent(u, 6_100_003);
    agent.send({ type: 'history_orders', batch_id: 'h', orders: [order(5)] });
    expect((await agent.next()).type).toBe('history_orders_ack');
    agent.close();
    const { rows } = await db.pool.query<{ id: number }>(
      'SELECT id FROM mt5_accounts WHERE user_id = $1',
      [u.id],
    );
    const accountId = rows[0]?.id;
    await db.pool.query('DELETE FROM mt5_accounts WHERE id = $1', [accountId]);
    const left = await db.pool.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM mt5_history_orders WHERE account_id = $1)
            + (SELECT count(*) FROM mt5_symbol_digits WHERE account_id = $1) AS n`,
      [accountId],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
