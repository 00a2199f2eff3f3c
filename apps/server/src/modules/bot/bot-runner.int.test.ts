import { botControlMessages as msg, DEFAULT_BOT_CONFIG, STRATEGY_KEYS } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import {
  anyCommand,
  barsOf as bars,
  nextCommand,
  rally,
  slide,
} from '../../../test/bot-scenario.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { waitForValue, waitUntil } from '../../../test/wait.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let trader: TestUser;
let agent: TestAgent;

const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
const status = async (user: TestUser, app = t.app) =>
  (await app.inject({ url: '/bot/status', headers: bearer(user.token) })).json<{
    status: {
      bot_active: boolean;
      process_id: string | null;
      start_time: string | null;
      paused: boolean;
    };
  }>().status;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
  agent = await pairTestAgent(t.app, base, trader, 7_100_001);
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  // Only di_crossover, so each order is its own.
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
  // A fixed symbol (the default follows the current series): the bars below are WINZ25's.
  config.general.symbol = 'WINZ25';
  expect((await post('/bot/config', trader, config)).statusCode).toBe(200);
  await waitUntil(
    () => Boolean(t.app.bridgeRuntime.agents.of(trader.id)?.mt5Alive),
    'the heartbeat never made MT5 alive',
  );
});
afterAll(async () => {
  agent.close();
  await t.close();
  await db.drop();
});

describe('the bot runner', () => {
  it('refuses to start without a connected MT5, in pt-BR', async () => {
    const nobody = await makeUser(db.pool, { role: 'trader' });
    const res = await post('/api/bot/start', nobody);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: msg.mt5Required });
    expect((await status(nobody)).bot_active).toBe(false);
  });

  it('starts, subscribes to the bars, warms up on history and trades the live bars', async () => {
    const res = await post('/api/bot/start', trader);
    expect(res.json()).toEqual({ success: true, message: msg.started });
    const subscribe = await nextCommand(agent);
    expect(subscribe.command).toEqual({
      kind: 'subscribe_bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
    });
    const now = Math.floor(Date.now() / 1000);
    // History from before the start only warms the strategies up: no order for it.
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: bars(now - 4 * 3600, slide, 120_000),
    });
    expect(await anyCommand(agent, 500)).toBeNull();
    // Bars closing after the start are traded.
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: bars(now, rally, slide[59] ?? 0),
    });
    const order = await nextCommand(agent);
    expect(order.command).toMatchObject({
      kind: 'place_order',
      symbol: 'WINZ25',
      side: 'buy',
      order_type: 'market',
      volume: 1,
      magic: 136_000,
      comment: 'vortex:di_crossover',
    });
    const c = order.command as { sl: number; tp: number };
    expect(c.sl).toBeLessThan(c.tp);

    const s = await status(trader);
    expect(s).toMatchObject({ bot_active: true, paused: false });
    expect(s.process_id).toBe(t.app.botManager.instance);
    expect(Date.parse(s.start_time ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The order is logged with the terminal's answer, which the agent has just sent.
    const rows = await waitForValue(async () => {
      const { rows } = await db.pool.query<{ kind: string; strategy: string }>(
        'SELECT kind, strategy FROM bot_decisions WHERE user_id = $1 ORDER BY id',
        [trader.id],
      );
      return rows.some((r) => r.kind === 'order') && rows;
    }, 'the order was never logged');
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['signal', 'order']));
    expect(new Set(rows.map((r) => r.strategy))).toEqual(new Set(['di_crossover']));
  });

  it('is held by one instance at a time, and another takes it over when that one is gone', async () => {
    const second = await createTestApp(db);
    try {
      // Started on the first instance, which holds its lease: the second leaves it there.
      expect(await status(trader, second.app)).toMatchObject({
        bot_active: true,
        process_id: t.app.botManager.instance,
      });
      expect(second.app.botManager.isRunning(trader.id)).toBe(false);
      // The first instance dies (its lease lapses without renewal): the second takes over.
      await db.pool.query("UPDATE bot_runs SET lease_until = now() - interval '1 second'");
      await second.app.botManager.tend();
      expect(second.app.botManager.isRunning(trader.id)).toBe(true);
      expect((await status(trader)).process_id).toBe(second.app.botManager.instance);
      // Were the first still alive, its next renewal would find the bot gone and drop it.
      await t.app.botManager.tend();
      expect(t.app.botManager.isRunning(trader.id)).toBe(false);
      const base2 = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const other = await pairTestAgent(second.app, base2, trader, 7_100_001);
      try {
        // The bridge connecting to the resumed bot makes it ask for its bars again.
        const again = await nextCommand(other);
        expect(again.command).toMatchObject({ kind: 'subscribe_bars', symbol: 'WINZ25' });
      } finally {
        other.close();
      }
    } finally {
      // A graceful shutdown lets go of the lease: the first instance takes the bot back.
      await second.close();
    }
    await t.app.botManager.tend();
    expect(t.app.botManager.isRunning(trader.id)).toBe(true);
    // Taken back, it asks its own bridge for the bars again.
    expect((await nextCommand(agent)).command).toMatchObject({ kind: 'subscribe_bars' });
  });

  it('stops: status says so and new bars send nothing', async () => {
    expect((await post('/api/bot/stop', trader)).json()).toEqual({
      success: true,
      message: msg.stopped,
    });
    expect((await status(trader)).bot_active).toBe(false);
    const later = Math.floor(Date.now() / 1000) + 3600;
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: bars(later, [...slide, ...rally], 120_000),
    });
    expect(await anyCommand(agent, 800)).toBeNull();
    expect((await post('/api/bot/stop', trader)).json()).toEqual({
      success: true,
      message: msg.notRunning,
    });
  });
});
