import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { z } from 'zod';
import { TestAgent } from '../../../test/agent-client.js';
import { oneRow, rowsOf } from '../../db/rows.js';

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
async function helloAgent(
  { api, base }: { api: Requests; base: string },
  u: TestUser,
  accountNumber: number,
): Promise<TestAgent> {
  const created = await api.as(u).post('/bridge/token/create', { label: 'orders' });
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

const OrderRowSchema = z.object({
  ticket: z.number(),
  state: z.number(),
  sl: z.number(),
  time_done_msc: z.number(),
});
const storedOrders = (db: TestDatabase, userId: number) =>
  rowsOf(
    db.pool,
    OrderRowSchema,
    `SELECT o.ticket, o.state, o.sl, o.time_done_msc FROM mt5_history_orders o
     JOIN mt5_accounts a ON a.id = o.account_id WHERE a.user_id = $1 ORDER BY o.ticket`,
    [userId],
  );

describe('history orders from the agent', () => {
  it('stores a batch, acknowledges it after the commit, and a resend replaces rather than doubles', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const agent = await helloAgent({ api, base }, u, 6_100_001);
    agent.send({ type: 'history_orders', batch_id: 'h1', orders: [order(1), order(2)] });
    expect(await agent.next()).toEqual({ type: 'history_orders_ack', batch_id: 'h1', stored: 2 });
    expect(await storedOrders(db, u.id)).toEqual([
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
    expect((await storedOrders(db, u.id)).map((o) => [o.ticket, o.state, o.sl])).toEqual([
      [1, 4, 124_800],
      [2, 2, 0],
    ]);
    const rows = await rowsOf(
      db.pool,
      z.object({ symbol: z.string(), digits: z.number() }),
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

  it('refuses a batch that fails the contract by its id, in pt-BR, and writes nothing', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const agent = await helloAgent({ api, base }, u, 6_100_002);
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
    expect(await storedOrders(db, u.id)).toEqual([]);
    agent.close();
  });

  it('deleting the account deletes its history orders and digits (the trigger)', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const agent = await helloAgent({ api, base }, u, 6_100_003);
    agent.send({ type: 'history_orders', batch_id: 'h', orders: [order(5)] });
    expect((await agent.next()).type).toBe('history_orders_ack');
    agent.close();
    const { id: accountId } = await oneRow(
      db.pool,
      z.object({ id: z.number() }),
      'SELECT id FROM mt5_accounts WHERE user_id = $1',
      [u.id],
    );
    await db.pool.query('DELETE FROM mt5_accounts WHERE id = $1', [accountId]);
    const left = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      `SELECT (SELECT count(*) FROM mt5_history_orders WHERE account_id = $1)
            + (SELECT count(*) FROM mt5_symbol_digits WHERE account_id = $1) AS n`,
      [accountId],
    );
    expect(left.n).toBe(0);
  });
});
