import {
  botControlMessages as msg,
  contractHint,
  CURRENT_SERIES_SYMBOL,
  currentWinSymbol,
  DEFAULT_BOT_CONFIG,
  riskBreachMessage,
  STRATEGY_KEYS,
  type BotConfig,
  type BridgeEvent,
  type RiskConfig,
} from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { oneRow, rowsOf } from '../../db/rows.js';
import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import { barsOf, eventually, nextCommand, rally, slide } from '../../../test/bot-scenario.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { waitUntil } from '../../../test/wait.js';

/** What the helpers below use of a test's fixtures. */
interface Ctx {
  app: FastifyInstance;
  db: TestDatabase;
  base: string;
  api: Requests;
  newUser: (opts: { role: 'trader' }) => Promise<TestUser>;
}

const agents: TestAgent[] = [];
let nextAccount = 7_300_001;

interface BotStatus {
  bot_active: boolean;
  entries_paused: boolean;
  error: string | null;
  blocked: string | null;
}

const status = async ({ api }: Ctx, user: TestUser) =>
  (await api.as(user).get('/bot/status')).json<{ status: BotStatus }>().status;

const BOT_MAGIC = 136_000; // di_crossover: 135000 + 1000

function account(equity: number) {
  return {
    type: 'account',
    ts: Date.now(),
    account: {
      balance: 10_000,
      equity,
      margin: 0,
      free_margin: equity,
      margin_level: 0,
      profit: equity - 10_000,
      currency: 'BRL',
    },
  };
}

function position(ticket: number, magic: number, profit: number) {
  const now = Math.floor(Date.now() / 1000);
  return {
    ticket,
    symbol: 'WINZ25',
    type: 0,
    volume: 1,
    price_open: 120_000,
    sl: 119_500,
    tp: 121_000,
    price_current: 120_000 + profit / 0.2,
    profit,
    swap: 0,
    magic,
    time: now,
    time_msc: now * 1000,
    comment: '',
  };
}

const positions = (...list: ReturnType<typeof position>[]) => ({
  type: 'positions',
  ts: Date.now(),
  positions: list,
});

/** A trader whose bridge is paired with MT5 logged in, trading di_crossover alone. */
async function trader(
  { app, base, api, newUser }: Ctx,
  risk?: RiskConfig,
  symbol = 'WINZ25',
): Promise<{ user: TestUser; agent: TestAgent; accountNumber: number }> {
  const user = await newUser({ role: 'trader' });
  const accountNumber = nextAccount++;
  const agent = await pairTestAgent(app, base, user, accountNumber);
  agents.push(agent);
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
  if (risk) config.risk = risk;
  config.general.symbol = symbol;
  expect((await api.as(user).post('/bot/config', config)).statusCode).toBe(200);
  await eventually(() => Boolean(app.bridgeRuntime.agents.of(user.id)?.mt5Alive));
  return { user, agent, accountNumber };
}

/** Starts the bot and answers its bar subscription. */
async function start({ api }: Ctx, user: TestUser, agent: TestAgent) {
  expect((await api.as(user).post('/api/bot/start')).json()).toEqual({
    success: true,
    message: msg.started,
  });
  expect((await nextCommand(agent)).command.kind).toBe('subscribe_bars');
}

/**
 * Sends `message` and waits until the bus has handed the snapshot it makes to the listeners: the
 * bot manager, subscribed first, has then checked the risk limits on it, and a breach removes
 * the bot from isRunning in that same turn.
 */
async function sendSnapshot({ app }: Ctx, user: TestUser, agent: TestAgent, message: object) {
  const type =
    (message as { type: string }).type === 'account' ? 'account_snapshot' : 'positions_snapshot';
  let seen = false;
  const unsubscribe = app.bridgeRuntime.bus.subscribe((e) => {
    if (e.user_id === user.id && e.type === type) seen = true;
  });
  try {
    agent.send(message);
    await waitUntil(() => seen, `no ${type} for the snapshot sent`);
  } finally {
    unsubscribe();
  }
}

const DecisionSchema = z.object({ kind: z.string(), detail: z.record(z.string(), z.unknown()) });
const decisions = ({ db }: Ctx, user: TestUser) =>
  rowsOf(
    db.pool,
    DecisionSchema,
    'SELECT kind, detail FROM bot_decisions WHERE user_id = $1 ORDER BY id',
    [user.id],
  );

it.afterAll(() => {
  for (const a of agents) a.close();
});

describe('risk limits', () => {
  it('stop the bot at the daily loss limit, close only its positions, and tell the app', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx, { daily_loss_limit: 500, max_drawdown: 0 });
    agent.send(account(10_000));
    await start(ctx, user, agent);
    const events: BridgeEvent[] = [];
    const unsubscribe = app.bridgeRuntime.bus.subscribe((e) => {
      if (e.user_id === user.id) events.push(e);
    });
    try {
      // The trader's own position loses more, but only the bot's losses count.
      await sendSnapshot(
        ctx,
        user,
        agent,
        positions(position(501, BOT_MAGIC, -300), position(502, 0, -1_000)),
      );
      expect(app.botManager.isRunning(user.id)).toBe(true);

      agent.send(positions(position(501, BOT_MAGIC, -520), position(502, 0, -1_000)));
      const close = await nextCommand(agent);
      expect(close.command).toEqual({ kind: 'close_position', ticket: 501 });

      const message = riskBreachMessage({ kind: 'daily_loss', loss: 520, limit: 500 });
      expect(await status(ctx, user)).toMatchObject({ bot_active: false, error: message });
      await eventually(() => events.some((e) => e.type === 'bot_risk_stop'));
      expect(events.find((e) => e.type === 'bot_risk_stop')).toMatchObject({
        reason: 'daily_loss',
        message,
        closed: 1,
      });
      expect(
        (await decisions(ctx, user)).find((d) => d.kind === 'risk_stop')?.detail,
      ).toMatchObject({
        kind: 'daily_loss',
        loss: 520,
        closed: 1,
        refused: 0,
      });
      // The stop is logged once its closes were answered: nothing else was sent, the trader's
      // own position stays open.
      expect(await agent.roundTrip()).toEqual([]);

      // Starting again the same day, with the loss still there, is refused with the reason
      // before it subscribes to anything (and the bot's position, still reported open, is sent
      // to close again).
      const again = api.as(user).post('/api/bot/start');
      expect((await nextCommand(agent)).command).toEqual({ kind: 'close_position', ticket: 501 });
      const refused = await again;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, error: message });
      // Refused with no bot made, so nothing to subscribe; and nothing was sent meanwhile.
      expect(app.botManager.isRunning(user.id)).toBe(false);
      expect(await agent.roundTrip()).toEqual([]);
      expect((await status(ctx, user)).bot_active).toBe(false);
    } finally {
      unsubscribe();
    }
  });

  it('stop the bot at the maximum drawdown, measured from the highest equity since the start', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx, { daily_loss_limit: 0, max_drawdown: 1_000 });
    agent.send(account(10_000));
    await start(ctx, user, agent);
    await sendSnapshot(ctx, user, agent, account(10_800)); // new peak
    await sendSnapshot(ctx, user, agent, account(9_900)); // 900 below it: still within
    expect(app.botManager.isRunning(user.id)).toBe(true);
    const run = await oneRow(
      db.pool,
      z.object({ peak_equity: z.number() }),
      'SELECT peak_equity FROM bot_runs WHERE user_id = $1',
      [user.id],
    );
    expect(run.peak_equity).toBeGreaterThanOrEqual(10_000);

    agent.send(account(9_800)); // 1,000 below the peak of 10,800 (only 200 below the start)
    await eventually(async () => !(await status(ctx, user)).bot_active);
    expect(await status(ctx, user)).toMatchObject({
      bot_active: false,
      error: riskBreachMessage({
        kind: 'max_drawdown',
        drawdown: 1_000,
        limit: 1_000,
        peak: 10_800,
        equity: 9_800,
      }),
    });
  });

  it('take a withdrawal for no drawdown: the peak moves down with it (issue 26)', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx, { daily_loss_limit: 0, max_drawdown: 1_000 });
    agent.send(account(10_000));
    await start(ctx, user, agent);
    await sendSnapshot(ctx, user, agent, account(10_100)); // the peak
    // The trader takes 3,000 out while the bot runs: a balance deal, as MT5 writes it.
    const time = Math.floor(Date.now() / 1000);
    agent.send({
      type: 'deals',
      batch_id: 'withdrawal',
      deals: [
        testDeal(90_001, {
          symbol: '',
          type: 2,
          entry: 0,
          position_id: 0,
          order: 0,
          volume: 0,
          price: 0,
          profit: -3_000,
          commission: 0,
          comment: 'Withdrawal',
          time,
          time_msc: time * 1000,
        }),
      ],
    });
    let acked = false;
    while (!acked) acked = (await agent.next()).type === 'deals_ack';
    await sendSnapshot(ctx, user, agent, account(7_100)); // the withdrawal, not a loss
    agent.send(account(6_100)); // 1,000 below the peak the withdrawal left
    await eventually(async () => !(await status(ctx, user)).bot_active);
    // Had the 7,100 stopped it, the breach would read 3,000 below a peak of 10,100.
    expect(await status(ctx, user)).toMatchObject({
      bot_active: false,
      error: riskBreachMessage({
        kind: 'max_drawdown',
        drawdown: 1_000,
        limit: 1_000,
        peak: 7_100,
        equity: 6_100,
      }),
    });
  });

  it('are off at 0: losses far beyond any limit leave the bot running', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx, { daily_loss_limit: 0, max_drawdown: 0 });
    agent.send(account(10_000));
    await start(ctx, user, agent);
    await sendSnapshot(ctx, user, agent, positions(position(601, BOT_MAGIC, -5_000)));
    await sendSnapshot(ctx, user, agent, account(5_000));
    expect(app.botManager.isRunning(user.id)).toBe(true);
    expect(await agent.roundTrip()).toEqual([]);
    expect((await status(ctx, user)).bot_active).toBe(true);
    await api.as(user).post('/api/bot/stop');
  });
});

describe('pause entries', () => {
  it('keeps the bot running without new entries, logs the skipped signal, and resumes', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx);
    await start(ctx, user, agent);
    expect((await api.as(user).post('/api/bot/entries', { paused: true })).json()).toEqual({
      success: true,
      message: msg.entriesPaused,
    });
    expect(await status(ctx, user)).toMatchObject({ bot_active: true, entries_paused: true });

    const now = Math.floor(Date.now() / 1000);
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: barsOf(now - 3600, slide, 120_000),
    });
    agent.send({
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: barsOf(now, rally, slide[59] ?? 0),
    });
    // The same bars make di_crossover buy when entries run (bot-runner.int.test.ts).
    await eventually(async () =>
      (await decisions(ctx, user)).some((d) => d.detail.reason === msg.entriesPausedSkip),
    );
    // Each order is logged after its signal: the one signal was skipped, so nothing was sent.
    expect((await decisions(ctx, user)).map((d) => d.kind)).toEqual(['signal', 'skip']);
    expect(await agent.roundTrip()).toEqual([]);

    expect((await api.as(user).post('/api/bot/entries', { paused: false })).json()).toEqual({
      success: true,
      message: msg.entriesResumed,
    });
    expect((await status(ctx, user)).entries_paused).toBe(false);
    await api.as(user).post('/api/bot/stop');
  });

  it('is refused for a stopped bot and for a malformed body, in pt-BR, changing nothing', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user } = await trader(ctx);
    const stopped = await api.as(user).post('/api/bot/entries', { paused: true });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json()).toMatchObject({ success: false, error: msg.entriesNotRunning });
    for (const body of [{ paused: 'sim' }, {}, { paused: true, extra: 1 }]) {
      const bad = await api.as(user).post('/api/bot/entries', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toMatch(/pausadas/);
    }
    expect(await status(ctx, user)).toMatchObject({ bot_active: false, entries_paused: false });
  });
});

describe('close all positions', () => {
  it('closes every open position of the account and counts what the terminal refused', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx);
    agent.send(positions(position(701, BOT_MAGIC, 40), position(702, 0, -15)));
    await eventually(async () => {
      const { rows } = await db.pool.query('SELECT 1 FROM open_positions WHERE ticket = 702');
      return rows.length > 0;
    });
    const answer = api.as(user).post('/api/bot/close-all');
    const first = await nextCommand(agent);
    const second = await nextCommand(agent, 10_000, { ok: false, message: 'Mercado fechado' });
    expect(new Set([first.command, second.command])).toEqual(
      new Set([
        { kind: 'close_position', ticket: 701 },
        { kind: 'close_position', ticket: 702 },
      ]),
    );
    expect((await answer).json()).toEqual({
      success: true,
      message: '1 posição fechada; 1 recusada pelo terminal.',
    });
  });

  it('says so when nothing is open, and needs MT5 connected', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx);
    agent.send(positions());
    await waitUntil(
      async () =>
        (await api.as(user).get('/api/dashboard/positions?no_cache=1')).json<{
          updated_at: string | null;
        }>().updated_at !== null,
      'the empty positions snapshot was never recorded',
    );
    expect((await api.as(user).post('/api/bot/close-all')).json()).toEqual({
      success: true,
      message: msg.noOpenPositions,
    });
    const nobody = await ctx.newUser({ role: 'trader' });
    const offline = await api.as(nobody).post('/api/bot/close-all');
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toMatchObject({ success: false, error: msg.mt5Required });
  });
});

describe('a symbol the terminal does not have', () => {
  it('shows the terminal’s refusal with the current WIN contract to use instead', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent } = await trader(ctx);
    expect((await api.as(user).post('/api/bot/start')).statusCode).toBe(200);
    const refusal = 'O símbolo WINZ25 não está disponível no terminal.';
    const subscribe = await nextCommand(agent, 10_000, { ok: false, message: refusal });
    expect(subscribe.command).toMatchObject({ kind: 'subscribe_bars', symbol: 'WINZ25' });
    await eventually(async () => (await status(ctx, user)).error !== null);
    const expected = `${refusal} ${contractHint('WINZ25', Date.now())}`;
    expect((await status(ctx, user)).error).toBe(expected);
    // Started, but it cannot trade: the status says why, so the card never shows 'Bot ativo'.
    expect(await status(ctx, user)).toMatchObject({ bot_active: true, blocked: expected });
    await api.as(user).post('/api/bot/stop');
  });

  it('refuses to start on a symbol the terminal said it does not offer, with the reason', async ({
    app,
    db,
    base,
    api,
    newUser,
  }) => {
    const ctx = { app, db, base, api, newUser };
    const { user, agent, accountNumber } = await trader(ctx, undefined, 'WINZ25');
    const current = currentWinSymbol(Date.now());
    // The terminal names what it offers in hello (the simulator: the current series).
    agent.send({
      type: 'hello',
      account_number: accountNumber,
      server: 'Vortex-Demo',
      currency: 'BRL',
      margin_mode: 'netting',
      trade_mode: 'demo',
      client_version: '0.1.0',
      symbols: [current],
    });
    await eventually(() => Boolean(app.bridgeRuntime.agents.of(user.id)?.symbols));
    const refused = await api.as(user).post('/api/bot/start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: `${msg.symbolNotOffered('WINZ25')} ${contractHint('WINZ25', Date.now())}`,
    });
    expect(await status(ctx, user)).toMatchObject({ bot_active: false, blocked: null });
    // 'Série vigente' resolves to the series the terminal offers: the bot starts and asks for it.
    const config = (await api.as(user).get('/bot/config')).json<{
      config: BotConfig;
    }>().config;
    config.general.symbol = CURRENT_SERIES_SYMBOL;
    expect((await api.as(user).post('/bot/config', config)).statusCode).toBe(200);
    expect((await api.as(user).post('/api/bot/start')).json()).toEqual({
      success: true,
      message: msg.started,
    });
    const subscribe = await nextCommand(agent, 10_000);
    expect(subscribe.command).toMatchObject({ kind: 'subscribe_bars', symbol: current });
    expect(await status(ctx, user)).toMatchObject({ bot_active: true, blocked: null });
    await api.as(user).post('/api/bot/stop');
  });
});
