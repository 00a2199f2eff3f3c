import {
  DEFAULT_BOT_CONFIG,
  STRATEGY_KEYS,
  symbolSpecMessages,
  type SymbolSpec,
} from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { TestAgent } from '../../../test/agent-client.js';
import { barsOf as bars, nextCommand, rally, slide } from '../../../test/bot-scenario.js';
import { describe, expect, it, type Requests, type TestUser } from '../../../test/fixture.js';
import { waitUntil } from '../../../test/wait.js';

// A contract moving in steps of 7 points: a stop on its grid is not on WIN's 5 by chance.
const odd: SymbolSpec = {
  symbol: 'XYZ4',
  tick_size: 7,
  tick_value: 3.5,
  contract_size: 1,
  volume_min: 1,
  volume_step: 1,
  currency_profit: 'BRL',
  digits: 0,
};

/** A trader's agent past auth and a hello stating `specs`, MT5 alive, only di_crossover on. */
async function tradingAgent(
  { app, base, api }: { app: FastifyInstance; base: string; api: Requests },
  user: TestUser,
  accountNumber: number,
  specs: SymbolSpec[] | undefined,
): Promise<TestAgent> {
  const created = await api.as(user).post('/bridge/token/create', { label: 'spec' });
  const agent = await TestAgent.connect(base);
  agent.send({
    type: 'auth',
    protocol: 1,
    client_version: '0.3.0',
    pairing_token: created.json<{ token: string }>().token,
  });
  expect((await agent.next()).type).toBe('auth_ok');
  agent.send({
    type: 'hello',
    account_number: accountNumber,
    server: 'Corretora-PRD',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'demo',
    client_version: '0.3.0',
    ...(specs ? { symbol_specs: specs } : {}),
  });
  expect((await agent.next()).type).toBe('resume');
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
  config.general.symbol = odd.symbol;
  expect((await api.as(user).post('/bot/config', config)).statusCode).toBe(200);
  await waitUntil(
    () => Boolean(app.bridgeRuntime.agents.of(user.id)?.mt5Alive),
    'the heartbeat never made MT5 alive',
  );
  return agent;
}

describe('the bot runner on a symbol by its specification', () => {
  it('puts its stop and target on the tick the terminal stated for the symbol', async ({
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const agent = await tradingAgent({ app, base, api }, trader, 7_200_001, [odd]);
    try {
      const res = await api.as(trader).post('/api/bot/start');
      expect(res.statusCode).toBe(200);
      expect((await nextCommand(agent)).command).toMatchObject({ kind: 'subscribe_bars' });
      const now = Math.floor(Date.now() / 1000);
      agent.send({
        type: 'bars',
        symbol: odd.symbol,
        timeframe: 'M1',
        bars: bars(now - 4 * 3600, slide, 120_000),
      });
      agent.send({
        type: 'bars',
        symbol: odd.symbol,
        timeframe: 'M1',
        bars: bars(now, rally, slide[59] ?? 0),
      });
      const order = await nextCommand(agent);
      expect(order.command).toMatchObject({ kind: 'place_order', symbol: odd.symbol, side: 'buy' });
      const { sl, tp } = order.command as { sl: number; tp: number };
      expect(sl % 7).toBe(0);
      expect(tp % 7).toBe(0);
      // Not WIN's grid: a runner on WIN's tick would have sent multiples of 5.
      expect([sl % 5, tp % 5].some((r) => r !== 0)).toBe(true);
    } finally {
      await api.as(trader).post('/api/bot/stop');
      agent.close();
    }
  });

  it('refuses, in pt-BR, a symbol that is neither WIN nor WDO when the terminal stated nothing', async ({
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const agent = await tradingAgent({ app, base, api }, trader, 7_200_002, undefined);
    try {
      const res = await api.as(trader).post('/api/bot/start');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        error: symbolSpecMessages.unknown(odd.symbol),
      });
      const status = await api.as(trader).get('/bot/status');
      expect(status.json<{ status: { bot_active: boolean } }>().status.bot_active).toBe(false);
    } finally {
      agent.close();
    }
  });
});
