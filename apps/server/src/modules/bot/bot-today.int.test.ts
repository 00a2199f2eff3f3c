import { DEFAULT_BOT_CONFIG, magicOf, type BotToday, type ServerMessage } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { todayRange } from '../trading/trading-range.js';

let db: TestDatabase;
let t: TestApp;
let trader: TestUser;
let agent: TestAgent;
const NOW = Date.now();
const MINUTE = 60_000;
const TODAY = todayRange(NOW).from;
const BOLLINGER = magicOf('bollinger_bands', DEFAULT_BOT_CONFIG);
const RSI = magicOf('rsi_contrary', DEFAULT_BOT_CONFIG);
let ticket = 0;

/** A round trip of `magic` closing at `closeAt` with `profit` (commission -0.5 a deal). */
function trip(magic: number, closeAt: number, profit: number) {
  const deal = (entry: 0 | 1, at: number) => {
    ticket += 1;
    return {
      ticket,
      order: ticket,
      position_id: 500 + Math.ceil(ticket / 2),
      symbol: 'WINZ25',
      type: entry === 0 ? 0 : 1,
      entry,
      volume: 1,
      price: 125_000,
      profit: entry === 1 ? profit : 0,
      commission: -0.5,
      swap: 0,
      magic,
      reason: 3,
      comment: '',
      time: Math.floor(at / 1000),
      time_msc: Math.floor(at),
    };
  };
  return [deal(0, closeAt - 30 * MINUTE), deal(1, closeAt)];
}

const today = async (user: TestUser) =>
  (await t.app.inject({ url: '/bot/status', headers: bearer(user.token) })).json<{
    status: { today: BotToday };
  }>().status.today;

async function decide(userId: number, kind: string, detail: object, at = new Date()) {
  await db.pool.query(
    `INSERT INTO bot_decisions (user_id, strategy, kind, detail, at) VALUES ($1, 'rsi_contrary', $2, $3, $4)`,
    [userId, kind, JSON.stringify(detail), at],
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
  agent = await pairTestAgent(t.app, base, trader, 7_300_001);
  const lastClose = Math.max(TODAY, NOW - 2000);
  const deals = [
    ...trip(BOLLINGER, lastClose, 100.5), // net 99.5
    ...trip(RSI, lastClose - 1, 50.5), // net 49.5
    ...trip(RSI, lastClose - 2, -29), // net -30
    ...trip(BOLLINGER, lastClose - 3, 0.5), // net -0.5
    ...trip(BOLLINGER, lastClose - 4, 1), // net 0: neither winner nor loser
    ...trip(777, lastClose - 5, 500), // not the bot's
    ...trip(RSI, TODAY - MINUTE, 900), // yesterday in São Paulo
  ];
  agent.send({ type: 'deals', batch_id: 'today', deals });
  const ack = (await agent.next()) as Extract<ServerMessage, { type: 'deals_ack' }>;
  expect(ack).toMatchObject({ type: 'deals_ack', stored: deals.length });
  await decide(trader.id, 'order', { ok: false, message: 'rejected' });
  await decide(trader.id, 'order', { ok: false, message: 'expired' });
  await decide(trader.id, 'order', { ok: true, message: 'done' });
  await decide(trader.id, 'skip', { ok: false });
  await decide(trader.id, 'order', { ok: false }, new Date(TODAY - MINUTE));
});
afterAll(async () => {
  agent.close();
  await t.close();
  await db.drop();
});

describe("GET /bot/status's counters for the bot card", () => {
  it("counts today's closed positions of the bot's magics, net of costs, and refused orders", async () => {
    const counters = await today(trader);
    expect(counters).toMatchObject({ trades: 5, winners: 2, losers: 2, canceled: 2 });
    expect(counters.average_win).toBeCloseTo((99.5 + 49.5) / 2, 6);
    expect(counters.average_loss).toBeCloseTo((-30 - 0.5) / 2, 6);
  });

  it('is all zeros for a trader without an account or a bot', async () => {
    const nobody = await makeUser(db.pool, { role: 'trader' });
    expect(await today(nobody)).toEqual({
      trades: 0,
      winners: 0,
      average_win: 0,
      losers: 0,
      average_loss: 0,
      canceled: 0,
    });
  });

  it("follows the user's magic offsets: a strategy moved elsewhere stops counting", async () => {
    const config = structuredClone(DEFAULT_BOT_CONFIG);
    config.bollinger_bands.magic_offset = 90;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/bot/config',
      headers: bearer(trader.token),
      payload: config,
    });
    expect(saved.statusCode).toBe(200);
    expect(await today(trader)).toMatchObject({ trades: 2, winners: 1, losers: 1 });
  });
});
