import { botControlMessages as msg, DEFAULT_BOT_CONFIG, STRATEGY_KEYS } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { barsOf as bars, nextCommand, rally, slide } from '../../../test/bot-scenario.js';
import { describe, expect, it, type TestUser } from '../../../test/fixture.js';
import { createTestApp } from '../../../test/test-app.js';
import { waitForValue, waitUntil } from '../../../test/wait.js';

let agent: TestAgent;

const DecisionSchema = z.object({
  kind: z.string(),
  strategy: z.string(),
  detail: z.object({ bar_time: z.number().optional() }),
});

const status = async (app: FastifyInstance, user: TestUser) =>
  (
    await app.inject({ url: '/bot/status', headers: { authorization: `Bearer ${user.token}` } })
  ).json<{
    status: {
      bot_active: boolean;
      process_id: string | null;
      start_time: string | null;
      paused: boolean;
    };
  }>().status;

it.beforeAll(async ({ app, base, trader, api }) => {
  agent = await pairTestAgent(app, base, trader, 7_100_001);
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  // Only di_crossover, so each order is its own.
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
  // A fixed symbol (the default follows the current series): the bars below are WINZ25's.
  config.general.symbol = 'WINZ25';
  expect((await api.as(trader).post('/bot/config', config)).statusCode).toBe(200);
  await waitUntil(
    () => Boolean(app.bridgeRuntime.agents.of(trader.id)?.mt5Alive),
    'the heartbeat never made MT5 alive',
  );
});
it.afterAll(() => {
  agent.close();
});

describe('the bot runner', () => {
  it('refuses to start without a connected MT5, in pt-BR', async ({ app, api, newUser }) => {
    const nobody = await newUser({ role: 'trader' });
    const res = await api.as(nobody).post('/api/bot/start');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: msg.mt5Required });
    expect((await status(app, nobody)).bot_active).toBe(false);
  });

  it('starts, subscribes to the bars, warms up on history and trades the live bars', async ({
    app,
    db,
    api,
    trader,
  }) => {
    const res = await api.as(trader).post('/api/bot/start');
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
    // Bars closing after the start are traded.
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: bars(now, rally, slide[59] ?? 0),
    });
    // The runner takes bars in order, so an order for the history would come before this one.
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

    const s = await status(app, trader);
    expect(s).toMatchObject({ bot_active: true, paused: false });
    expect(s.process_id).toBe(app.botManager.instance);
    expect(Date.parse(s.start_time ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The order is logged with the terminal's answer, which the agent has just sent.
    const rows = await waitForValue(async () => {
      const rows = await rowsOf(
        db.pool,
        DecisionSchema,
        'SELECT kind, strategy, detail FROM bot_decisions WHERE user_id = $1 ORDER BY id',
        [trader.id],
      );
      return rows.some((r) => r.kind === 'order') && rows;
    }, 'the order was never logged');
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['signal', 'order']));
    expect(new Set(rows.map((r) => r.strategy))).toEqual(new Set(['di_crossover']));
    // Every signal acted on is a live bar's: the history only warmed up (each order logs its
    // signal, with its bar, before it is sent).
    for (const r of rows.filter((r) => r.kind === 'signal')) {
      expect(r.detail.bar_time).toBeGreaterThanOrEqual(now);
    }
  });

  it('is held by one instance at a time, and another takes it over when that one is gone', async ({
    app,
    db,
    trader,
  }) => {
    const second = await createTestApp(db);
    try {
      // Started on the first instance, which holds its lease: the second leaves it there.
      expect(await status(second.app, trader)).toMatchObject({
        bot_active: true,
        process_id: app.botManager.instance,
      });
      expect(second.app.botManager.isRunning(trader.id)).toBe(false);
      // The first instance dies (its lease lapses without renewal): the second takes over.
      await db.pool.query("UPDATE bot_runs SET lease_until = now() - interval '1 second'");
      await second.app.botManager.tend();
      expect(second.app.botManager.isRunning(trader.id)).toBe(true);
      expect((await status(app, trader)).process_id).toBe(second.app.botManager.instance);
      // Were the first still alive, its next renewal would find the bot gone and drop it.
      await app.botManager.tend();
      expect(app.botManager.isRunning(trader.id)).toBe(false);
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
    await app.botManager.tend();
    expect(app.botManager.isRunning(trader.id)).toBe(true);
    // Taken back, it asks its own bridge for the bars again.
    expect((await nextCommand(agent)).command).toMatchObject({ kind: 'subscribe_bars' });
  });

  it('stops: status says so and new bars send nothing', async ({ app, api, trader }) => {
    expect((await api.as(trader).post('/api/bot/stop')).json()).toEqual({
      success: true,
      message: msg.stopped,
    });
    expect((await status(app, trader)).bot_active).toBe(false);
    const announced: number[] = [];
    const unsubscribe = app.bridgeRuntime.bus.subscribe((e) => {
      if (e.type === 'bars_added' && e.user_id === trader.id) announced.push(e.id);
    });
    try {
      const later = Math.floor(Date.now() / 1000) + 3600;
      agent.send({
        type: 'bars',
        symbol: 'WINZ25',
        timeframe: 'M1',
        bars: bars(later, [...slide, ...rally], 120_000),
      });
      // The bus hands an event to its listeners in turn, the bot manager's first: once the
      // bars are announced here, the manager has had them, and it runs no bot that could act.
      await waitUntil(() => announced.length > 0, 'the bars were never announced');
    } finally {
      unsubscribe();
    }
    expect(app.botManager.isRunning(trader.id)).toBe(false);
    expect(await agent.roundTrip()).toEqual([]);
    expect((await api.as(trader).post('/api/bot/stop')).json()).toEqual({
      success: true,
      message: msg.notRunning,
    });
  });
});
