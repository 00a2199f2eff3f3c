import {
  botControlMessages,
  DEFAULT_BOT_CONFIG,
  STRATEGY_KEYS,
  type Role,
  type ServerMessage,
} from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { pairTestAgent, type TestAgent } from './agent-client.js';
import { eventually, nextCommand } from './bot-scenario.js';
import { bearer, makeUser, type TestUser } from './identities.js';
import { LiveWsClient } from './live-client.js';

export interface RunningTrader {
  user: TestUser;
  agent: TestAgent;
  live: LiveWsClient;
}

/** The agent's next message of this type, skipping what the server sends meanwhile. */
export async function nextOfType(agent: TestAgent, type: ServerMessage['type']) {
  for (;;) {
    const m = await agent.next();
    if (m.type === type) return m;
  }
}

/** Opens a live channel for `user` on the app at `base` (ticket, then the WebSocket). */
export async function openLive(
  app: FastifyInstance,
  base: string,
  user: TestUser,
): Promise<LiveWsClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/bridge/events/ticket',
    headers: bearer(user.token),
  });
  const live = await LiveWsClient.open(base, { ticket: res.json<{ ticket: string }>().ticket });
  await live.waitFor((m) => m.type === 'ws_connected');
  return live;
}

/**
 * A trader with everything running on one instance: their agent connected with MT5 up, their
 * bot started (it has asked the agent for bars) and a live channel open.
 */
export async function runningTrader(
  pool: pg.Pool,
  app: FastifyInstance,
  base: string,
  role: Role,
): Promise<RunningTrader> {
  const user = await makeUser(pool, { role });
  const agent = await pairTestAgent(app, base, user, 7_200_000 + user.id);
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  await eventually(() => Boolean(app.bridgeRuntime.agents.of(user.id)?.mt5Alive));
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload && { payload }) });
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
  if ((await post('/bot/config', config)).statusCode !== 200) throw new Error('bot config refused');
  const started = (await post('/api/bot/start')).json<{ message?: string }>();
  if (started.message !== botControlMessages.started) {
    throw new Error(`bot not started: ${JSON.stringify(started)}`);
  }
  const subscribe = await nextCommand(agent);
  if (subscribe.command.kind !== 'subscribe_bars') throw new Error('the bot asked for no bars');
  return { user, agent, live: await openLive(app, base, user) };
}
