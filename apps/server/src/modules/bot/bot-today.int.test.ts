import { DEFAULT_BOT_CONFIG, magicOf, type BotToday, type ServerMessage } from '@vortex/core';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { todayRange } from '../trading/trading-range.js';

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

const today = async (api: Requests, user: TestUser) =>
  (await api.as(user).read<{ status: { today: BotToday } }>('/bot/status')).status.today;

async function decide(
  db: TestDatabase,
  userId: number,
  kind: string,
  detail: object,
  at = new Date(),
) {
  await db.pool.query(
    `INSERT INTO bot_decisions (user_id, strategy, kind, detail, at) VALUES ($1, 'rsi_contrary', $2, $3, $4)`,
    [userId, kind, JSON.stringify(detail), at],
  );
}

it.beforeAll(async ({ app, base, db, trader }) => {
  agent = await pairTestAgent(app, base, trader, 7_300_001);
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
  await decide(db, trader.id, 'order', { ok: false, message: 'rejected' });
  await decide(db, trader.id, 'order', { ok: false, message: 'expired' });
  await decide(db, trader.id, 'order', { ok: true, message: 'done' });
  await decide(db, trader.id, 'skip', { ok: false });
  await decide(db, trader.id, 'order', { ok: false }, new Date(TODAY - MINUTE));
});
it.afterAll(() => {
  agent.close();
});

describe("GET /bot/status's counters for the bot card", () => {
  it("counts today's closed positions of the bot's magics, net of costs, and refused orders", async ({
    api,
    trader,
  }) => {
    const counters = await today(api, trader);
    expect(counters).toMatchObject({ trades: 5, winners: 2, losers: 2, canceled: 2 });
    expect(counters.average_win).toBeCloseTo((99.5 + 49.5) / 2, 6);
    expect(counters.average_loss).toBeCloseTo((-30 - 0.5) / 2, 6);
  });

  it('is all zeros for a trader without an account or a bot', async ({ api, newUser }) => {
    const nobody = await newUser({ role: 'trader' });
    expect(await today(api, nobody)).toEqual({
      trades: 0,
      winners: 0,
      average_win: 0,
      losers: 0,
      average_loss: 0,
      canceled: 0,
    });
  });

  it("follows the user's magic offsets: a strategy moved elsewhere stops counting", async ({
    api,
    trader,
  }) => {
    const config = structuredClone(DEFAULT_BOT_CONFIG);
    config.bollinger_bands.magic_offset = 90;
    const saved = await api.as(trader).post('/bot/config', config);
    expect(saved.statusCode).toBe(200);
    expect(await today(api, trader)).toMatchObject({ trades: 2, winners: 1, losers: 1 });
  });
});
