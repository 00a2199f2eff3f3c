import { bridgeMessages } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { pairTestAgent, TestAgent, testDeal } from '../../../test/agent-client.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { ingestMessages } from './ingest.messages.js';

const HELLO = {
  type: 'hello',
  account_number: 5_012_345,
  server: 'XPMT5-DEMO',
  company: 'XP Investimentos',
  currency: 'BRL',
  margin_mode: 'netting',
  trade_mode: 'demo',
  client_version: '0.1.0',
};

async function pairingToken(api: Requests, u: TestUser): Promise<string> {
  const res = await api.as(u).post('/bridge/token/create', { label: 'manual' });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

async function pairedAgent(
  { api, base }: { api: Requests; base: string },
  u: TestUser,
): Promise<{ agent: TestAgent; session: string }> {
  const agent = await TestAgent.connect(base);
  agent.send({
    type: 'auth',
    protocol: 1,
    client_version: '0.1.0',
    pairing_token: await pairingToken(api, u),
  });
  const ok = await agent.next();
  if (ok.type !== 'auth_ok') throw new Error(JSON.stringify(ok));
  return { agent, session: ok.session_token };
}

const dealCount = async (db: TestDatabase, userId: number) =>
  (
    await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*) AS n FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1',
      [userId],
    )
  ).n;

describe('pairing', () => {
  it('a token pairs once, shows as paired with the account, and is useless afterwards', async ({
    base,
    api,
    trader,
  }) => {
    const token = await pairingToken(api, trader);
    const status = () => api.as(trader).get(`/bridge/token/status/${token}`);
    expect((await status()).json()).toMatchObject({ status: 'pending', account_number: null });

    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect((await agent.next()).type).toBe('auth_ok');
    agent.send(HELLO);
    expect(await agent.next()).toEqual({
      type: 'resume',
      account_number: HELLO.account_number,
      last_deal_ticket: 0,
    });
    expect((await status()).json()).toMatchObject({
      status: 'paired',
      account_number: HELLO.account_number,
    });
    const alt = await api.as(trader).get(`/api/bridge/token/status/${token}`);
    expect(alt.json()).toMatchObject({ status: 'paired' });
    agent.close();

    const again = await TestAgent.connect(base);
    again.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect(await again.next()).toEqual({ type: 'auth_error', error: bridgeMessages.invalidToken });
    expect(await again.waitClosed()).toBe(4401);
  });

  it("hides another user's token and answers a made-up one with 404", async ({
    api,
    newUser,
    trader,
  }) => {
    const token = await pairingToken(api, trader);
    const other = await newUser();
    const res = await api.as(other).get(`/bridge/token/status/${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: bridgeMessages.tokenNotFound });
  });

  it('expires an unused token', async ({ base, db, api, trader }) => {
    const token = await pairingToken(api, trader);
    await db.pool.query(
      "UPDATE bridge_tokens SET expires_at = now() - interval '1 second' WHERE token_prefix = $1",
      [token.slice(0, 8)],
    );
    const res = await api.as(trader).get(`/bridge/token/status/${token}`);
    expect(res.json()).toMatchObject({ status: 'expired' });
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect((await agent.next()).type).toBe('auth_error');
  });
});

describe('the agent stream', () => {
  it('stores each deal once, acknowledging after commit, and resumes after a reconnect', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const { agent, session } = await pairedAgent({ api, base }, u);
    agent.send({ type: 'deals', batch_id: 'early', deals: [testDeal(1)] });
    expect(await agent.next()).toMatchObject({ type: 'error', error: bridgeMessages.helloFirst });
    agent.send(HELLO);
    await agent.next();
    agent.send({ type: 'deals', batch_id: 'b1', deals: [testDeal(1), testDeal(2), testDeal(3)] });
    expect(await agent.next()).toEqual({
      type: 'deals_ack',
      batch_id: 'b1',
      last_ticket: 3,
      stored: 3,
    });
    agent.send({
      type: 'deals',
      batch_id: 'b1-again',
      deals: [testDeal(2), testDeal(3), testDeal(4)],
    });
    expect(await agent.next()).toEqual({
      type: 'deals_ack',
      batch_id: 'b1-again',
      last_ticket: 4,
      stored: 1,
    });
    expect(await dealCount(db, u.id)).toBe(4);
    agent.close();

    const back = await TestAgent.connect(base);
    back.send({ type: 'auth', protocol: 1, client_version: '0.1.0', session_token: session });
    expect((await back.next()).type).toBe('auth_ok');
    back.send(HELLO);
    expect(await back.next()).toEqual({
      type: 'resume',
      account_number: HELLO.account_number,
      last_deal_ticket: 4,
    });
    back.close();
  });

  it('keeps the account snapshot, open positions and working orders', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const { agent } = await pairedAgent({ api, base }, u);
    agent.send(HELLO);
    await agent.next();
    agent.send({
      type: 'account',
      ts: Date.now(),
      account: {
        balance: 10_250,
        equity: 10_310,
        margin: 100,
        free_margin: 10_210,
        margin_level: 10_310,
        profit: 60,
        currency: 'BRL',
      },
    });
    const position = {
      ticket: 77,
      symbol: 'WINZ25',
      type: 0,
      volume: 1,
      price_open: 125_000,
      sl: 124_800,
      tp: 125_400,
      price_current: 125_300,
      profit: 60,
      swap: 0,
      magic: 135000,
      time: 1_763_730_000,
      time_msc: 1_763_730_000_000,
    };
    agent.send({ type: 'positions', ts: Date.now(), positions: [position] });
    agent.send({ type: 'orders', ts: Date.now(), orders: [] });
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    // Messages are handled in order: a deal batch sent last is acknowledged after all of them.
    agent.send({ type: 'deals', batch_id: 'sync', deals: [testDeal(1)] });
    expect((await agent.next()).type).toBe('deals_ack');
    const account = await oneRow(
      db.pool,
      z.object({
        balance: z.number(),
        equity: z.number(),
        positions: z.number(),
        mt5_seen: z.boolean(),
        primary_account_number: z.number(),
      }),
      `SELECT a.balance, a.equity, (SELECT count(*) FROM open_positions p WHERE p.account_id = a.id) AS positions,
              c.last_hb_mt5_at IS NOT NULL AS mt5_seen, c.primary_account_number
       FROM mt5_accounts a JOIN bridge_claims c ON c.user_id = a.user_id WHERE a.user_id = $1`,
      [u.id],
    );
    expect(account).toEqual({
      balance: 10_250,
      equity: 10_310,
      positions: 1,
      mt5_seen: true,
      primary_account_number: 5_012_345,
    });
    agent.close();
  });

  it('answers malformed messages with an error and keeps the connection', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const { agent } = await pairedAgent({ api, base }, u);
    agent.send(HELLO);
    await agent.next();
    for (const bad of [
      { type: 'nope' },
      { type: 'heartbeat', seq: -1, mt5_alive: 'yes', ts: 0 },
      { type: 'deals', deals: [testDeal(1)] },
    ]) {
      agent.send(bad);
      expect(await agent.next()).toMatchObject({ type: 'error' });
    }
    // A deal batch is answered by its id: refused whole when a bad deal has no ticket to name.
    agent.send({ type: 'deals', batch_id: 'x', deals: [{ ...testDeal(1), ticket: 'um' }] });
    expect(await agent.next()).toEqual({
      type: 'deals_rejected',
      batch_id: 'x',
      reason: ingestMessages.unidentified,
    });
    agent.send({ type: 'deals', batch_id: 'ok', deals: [testDeal(9)] });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack', stored: 1 });
    expect(await dealCount(db, u.id)).toBe(1);
    agent.close();
  });

  it('refuses anything before authentication and closes', async ({ base }) => {
    const agent = await TestAgent.connect(base);
    agent.send(HELLO);
    expect(await agent.next()).toEqual({ type: 'auth_error', error: bridgeMessages.authFirst });
    expect(await agent.waitClosed()).toBe(4401);
  });

  // The heartbeat's answer names who ended the session when an admin did: a revocation on
  // another instance can reach the agent this way before its own event (cluster).
  it.for([
    { endReason: null, told: 'session_ended' },
    { endReason: 'admin_revoke', told: 'admin_revoke' },
  ])(
    'stops an agent whose session was revoked at its next heartbeat (ended by $endReason)',
    async ({ endReason, told }, { base, db, api, newUser }) => {
      const u = await newUser({ role: 'trader' });
      const { agent } = await pairedAgent({ api, base }, u);
      await db.pool.query(
        "UPDATE bridge_sessions SET status = 'revoked', end_reason = $2 WHERE user_id = $1",
        [u.id, endReason],
      );
      agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
      expect(await agent.next()).toEqual({ type: 'revoked', reason: told });
      expect(await agent.waitClosed()).toBe(4403);
    },
  );

  it('stores subscribed bars once per opening time; a resent or newer bar overwrites', async ({
    app,
    base,
    db,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const agent = await pairTestAgent(app, base, u, 5_300_000 + u.id);
    const bar = (time: number, close: number) => ({
      time,
      open: 125_000,
      high: 125_100,
      low: 124_900,
      close,
      tick_volume: 40,
      volume: 12,
    });
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: [bar(60, 125_010), bar(120, 125_020)],
    });
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: [bar(120, 125_050), bar(180, 125_060)],
    });
    // A bad bar is refused like any other input and stores nothing.
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: [{ ...bar(240, 1), high: -5 }],
    });
    const refused = await agent.next();
    expect(refused.type).toBe('error');
    expect(refused.type === 'error' && refused.error).toContain(bridgeMessages.invalidMessage);
    const rows = await rowsOf(
      db.pool,
      z.object({ time: z.number(), close: z.number() }),
      `SELECT b.time, b.close FROM bars b JOIN mt5_accounts a ON a.id = b.account_id
       WHERE a.user_id = $1 ORDER BY b.time`,
      [u.id],
    );
    expect(rows).toEqual([
      { time: 60, close: 125_010 },
      { time: 120, close: 125_050 },
      { time: 180, close: 125_060 },
    ]);
    agent.close();
  });
});
