import { DEFAULT_BOT_CONFIG, mt5Messages, STRATEGY_KEYS, type ServerMessage } from '@vortex/core';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import { barsOf, eventually, nextCommand, rally, slide } from '../../../test/bot-scenario.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { startRedisServer, type RedisServer } from '../../../test/redis-server.js';
import { ClusterAgentRegistry } from './cluster-agents.js';
import { RedisEventBus } from './redis-event-bus.js';
import { openRedisLink, type RedisLink } from './redis-link.js';
import { waitUntil } from '../../../test/wait.js';

// A redis-server of this file's own (never the machine's 6379), so a test can stop it; each group
// of tests still takes its own prefix, as deployments sharing one Redis would.
let server: RedisServer;
let REDIS_URL: string;
let redis: { url: string; prefix: string; beatMs: number };

// Not on the fixture: two instances on one database and one Redis of this file's own.
let db: TestDatabase;
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
let admin: TestUser;

beforeAll(async () => {
  server = await startRedisServer();
  REDIS_URL = server.url;
  redis = { url: REDIS_URL, prefix: `vortex-test:${randomBytes(4).toString('hex')}:`, beatMs: 200 };
  db = await createTestDatabase();
  a = await createTestApp(db, { redis });
  b = await createTestApp(db, { redis });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await db.drop();
  await server.stop();
});

/** Waits for a condition the other instance learns asynchronously, and fails if it never holds. */
async function holdsSoon(cond: () => Promise<boolean> | boolean): Promise<void> {
  await eventually(cond);
  expect(await cond()).toBe(true);
}

/**
 * The barrier before asserting that an instance heard nothing more: a made-up instance announces
 * `userId` on the agents' channel. Redis hands a subscriber messages in the order it ran their
 * PUBLISH, so once the announcement is heard, everything published before it was heard too.
 */
function announceMarker(link: RedisLink, userId: number): void {
  const agent = { userId, sessionId: userId, claimId: 'marker', accountNumber: null, server: null };
  link.publish(
    'agents',
    JSON.stringify({
      kind: 'beat',
      from: `marker-${userId}`,
      agents: [{ ...agent, mt5Alive: true, connectedAt: Date.now() }],
    }),
  );
}

const post = (t: TestApp, u: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(u.token), ...(payload ? { payload } : {}) });

async function liveOn(t: TestApp, base: string, u: TestUser): Promise<LiveWsClient> {
  const res = await post(t, u, '/api/bridge/events/ticket');
  const c = await LiveWsClient.open(base, { ticket: res.json<{ ticket: string }>().ticket });
  await c.waitFor((m) => m.type === 'ws_connected');
  return c;
}

/** A trader whose agent is connected to instance A, MT5 logged in, seen by instance B. */
async function traderOnA(): Promise<{ trader: TestUser; agent: TestAgent; account: number }> {
  const trader = await makeUser(db.pool, { role: 'trader' });
  const account = 7_000_000 + trader.id;
  const agent = await pairTestAgent(a.app, baseA, trader, account);
  agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
  await holdsSoon(
    async () =>
      (await post(b, trader, '/api/mt5/test-bridge')).json<{ connected: boolean }>().connected,
  );
  return { trader, agent, account };
}

describe('two instances on one Redis act as one', () => {
  it('tells a browser on B what the agent on A streams', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const live = await liveOn(b, baseB, trader);
    const account = 7_100_000 + trader.id;
    const agent = await pairTestAgent(a.app, baseA, trader, account);
    await live.waitFor((m) => m.type === 'bridge_status' && m.connected === true);
    agent.send({ type: 'deals', batch_id: 'c1', deals: [testDeal(1)] });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack' });
    const added = await live.waitFor((m) => m.type === 'deals_added');
    expect(added).toMatchObject({ user_id: trader.id, account_number: account });
    agent.close();
    await live.waitFor((m) => m.type === 'bridge_status' && m.connected === false);
    live.close();
  });

  it('sends a command taken on B to the agent on A and answers with its result', async () => {
    const { trader, agent, account } = await traderOnA();
    expect((await post(b, trader, '/api/mt5/test-bridge')).json()).toMatchObject({
      success: true,
      connected: true,
      account,
    });
    const answer = post(b, trader, '/api/mt5/disconnect');
    const command = (await agent.next()) as Extract<ServerMessage, { type: 'command' }>;
    expect(command.command).toEqual({ kind: 'mt5_logout' });
    agent.send({
      type: 'command_result',
      command_id: command.command_id,
      ok: true,
      message: 'Logout realizado',
    });
    expect((await answer).json()).toEqual({ success: true, message: mt5Messages.disconnected });
    // A's agent logged out: B learns it from A's announcement, not from a heartbeat.
    await holdsSoon(
      async () =>
        !(await post(b, trader, '/api/mt5/test-bridge')).json<{ connected: boolean }>().connected,
    );
    agent.close();
  });

  it('ends on A the agent whose bridge an admin revoked on B', async () => {
    const { trader, agent } = await traderOnA();
    const res = await post(b, admin, `/api/bridge/admin/revoke/${trader.id}`);
    expect(res.statusCode).toBe(200);
    expect(await agent.next()).toMatchObject({ type: 'revoked', reason: 'admin_revoke' });
    await holdsSoon(async () => {
      const r = (await post(b, trader, '/api/mt5/test-bridge')).json<{ message: string }>();
      return r.message === mt5Messages.bridgeOffline;
    });
  });

  it('runs on B the bot of a trader whose agent is on A: bars come over, orders go back', async () => {
    const { trader, agent } = await traderOnA();
    const config = structuredClone(DEFAULT_BOT_CONFIG);
    for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
    // A fixed symbol (the default follows the current series): the bars below are WINZ25's.
    config.general.symbol = 'WINZ25';
    expect((await post(b, trader, '/bot/config', config)).statusCode).toBe(200);
    expect((await post(b, trader, '/api/bot/start')).statusCode).toBe(200);
    expect(b.app.botManager.isRunning(trader.id)).toBe(true);
    const subscribe = await nextCommand(agent);
    expect(subscribe.command).toMatchObject({ kind: 'subscribe_bars', timeframe: 'M1' });
    const now = Math.floor(Date.now() / 1000);
    const symbol = 'WINZ25';
    agent.send({
      type: 'bars',
      symbol,
      timeframe: 'M1',
      bars: barsOf(now - 4 * 3600, slide, 120_000),
    });
    agent.send({ type: 'bars', symbol, timeframe: 'M1', bars: barsOf(now, rally, slide[59] ?? 0) });
    const order = await nextCommand(agent);
    expect(order.command).toMatchObject({ kind: 'place_order', side: 'buy', magic: 136_000 });
    expect((await post(b, trader, '/api/bot/stop')).statusCode).toBe(200);
    agent.close();
  });

  it('counts a route’s rate limit across both instances', async () => {
    const log = { level: 'error', message: 'falha de teste' };
    const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const send = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-log',
        payload: log,
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await send(a)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await send(b)).statusCode).toBe(201);
    expect((await send(a)).statusCode).toBe(429);
    expect((await send(b)).statusCode).toBe(429);
    // The admin's bridge health panel says where the limits are counted.
    const health = await b.app.inject({ url: '/bridge/health', headers: bearer(admin.token) });
    expect(health.json()).toMatchObject({ rate_backend: 'redis' });
  });

  it('forgets at once the agents of an instance that closed, even while they hang up', async () => {
    // Their own pair, beating every 10 s: only the closing instance's goodbye can explain
    // the other forgetting its agent within a second (silence would take 30 s).
    const slow = { ...redis, prefix: `${redis.prefix}slow:`, beatMs: 10_000 };
    const c = await createTestApp(db, { redis: slow });
    const d = await createTestApp(db, { redis: slow });
    const baseC = await c.app.listen({ port: 0, host: '127.0.0.1' });
    const trader = await makeUser(db.pool, { role: 'trader' });
    await pairTestAgent(c.app, baseC, trader, 7_200_000 + trader.id);
    const offline = async () =>
      (await post(d, trader, '/api/mt5/test-bridge')).json<{ message: string }>().message ===
      mt5Messages.bridgeOffline;
    await holdsSoon(async () => !(await offline()));
    // The agent's socket closes during c's shutdown, after the goodbye.
    await c.close();
    // Far below the 30 s silence would take.
    await waitUntil(offline, 'the closed instance’s agent is still known', { timeoutMs: 5_000 });
    // And stays forgotten: c's link ran its last PUBLISH before it closed, so a marker published
    // now reaches d after any late announcement of c's.
    const marker = await openRedisLink({
      url: REDIS_URL,
      prefix: slow.prefix,
      log: pino({ level: 'silent' }),
    });
    const markerUser = 7_300_000 + trader.id;
    announceMarker(marker, markerUser);
    await waitUntil(
      () => d.app.bridgeRuntime.agents.of(markerUser) !== undefined,
      'the marker announcement never arrived',
    );
    expect(await offline()).toBe(true);
    await marker.close();
    await d.close();
  });

  it('says nothing more once closed: a socket hanging up afterwards does not bring it back', async () => {
    const log = pino({ level: 'silent' });
    const prefix = `${redis.prefix}quiet:`;
    const [l1, l2] = await Promise.all([
      openRedisLink({ url: REDIS_URL, prefix, log }),
      openRedisLink({ url: REDIS_URL, prefix, log }),
    ]);
    const closing = await ClusterAgentRegistry.open(l1, { beatMs: 10_000 });
    const watching = await ClusterAgentRegistry.open(l2, { beatMs: 10_000 });
    const handle = (userId: number) => ({
      userId,
      sessionId: userId,
      claimId: 'c',
      accountNumber: undefined,
      server: undefined,
      mt5Alive: true,
      connectedAt: Date.now(),
      command: () => Promise.reject(new Error('unused')),
      end: () => undefined,
    });
    const removeFirst = closing.add(handle(424_241));
    closing.add(handle(424_242));
    await holdsSoon(() => watching.of(424_242) !== undefined);
    await closing.close();
    await holdsSoon(() => watching.of(424_242) === undefined);
    // The first agent's socket closes during the shutdown, while the second is still open.
    removeFirst();
    closing.changed();
    // An announcement would be published on the next turn of the loop, through l1: the marker
    // follows it there and then on the wire.
    await new Promise((r) => setImmediate(r));
    announceMarker(l1, 424_243);
    await holdsSoon(() => watching.of(424_243) !== undefined);
    expect(watching.of(424_242)).toBeUndefined();
    await watching.close();
    await Promise.all([l1.close(), l2.close()]);
  });

  it('gives events distinct ids whichever instance published them', async () => {
    const log = pino({ level: 'silent' });
    const prefix = `${redis.prefix}ids:`;
    const links = await Promise.all(
      [1, 2].map(() => openRedisLink({ url: REDIS_URL, prefix, log })),
    );
    const [one, two] = await Promise.all(links.map((l) => RedisEventBus.open(l)));
    if (!one || !two) throw new Error('no bus');
    const heard: number[] = [];
    two.subscribe((e) => heard.push(e.id));
    // Each bus's first event: equal counters, so only the instance slots can tell them apart.
    one.publish({ type: 'bridge_revoked', user_id: 1 });
    two.publish({ type: 'bridge_revoked', user_id: 1 });
    await holdsSoon(() => heard.length === 2);
    expect(new Set(heard).size).toBe(2);
    await Promise.all([one.close(), two.close(), ...links.map((l) => l.close())]);
  });

  it('keeps each instance serving its own while Redis is away, and heals when it returns', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const account = 7_300_000 + trader.id;
    const agent = await pairTestAgent(a.app, baseA, trader, account);
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    await holdsSoon(
      async () =>
        (await post(b, trader, '/api/mt5/test-bridge')).json<{ connected: boolean }>().connected,
    );
    await server.stop();
    try {
      // A still hears its own agent and tells its own browsers; its routes still answer.
      const liveA = await liveOn(a, baseA, trader);
      agent.send({ type: 'deals', batch_id: 'r1', deals: [testDeal(1)] });
      expect(await agent.next()).toMatchObject({ type: 'deals_ack', stored: 1 });
      await liveA.waitFor((m) => m.type === 'deals_added');
      liveA.close();
      const limited = await a.app.inject({
        method: 'POST',
        url: '/api/client-log',
        payload: { level: 'error', message: 'sem Redis' },
      });
      expect(limited.statusCode).toBe(201);
      // B stops hearing A (silent for three beats) and says the bridge is offline, not a 500.
      await holdsSoon(
        async () =>
          (await post(b, trader, '/api/mt5/test-bridge')).json<{ message: string }>().message ===
          mt5Messages.bridgeOffline,
      );
    } finally {
      await server.start();
    }
    // Redis is back, empty: A's next beat re-announces its agent and B's subscriptions resume.
    await holdsSoon(
      async () =>
        (await post(b, trader, '/api/mt5/test-bridge')).json<{ connected: boolean }>().connected,
    );
    const liveB = await liveOn(b, baseB, trader);
    agent.send({ type: 'deals', batch_id: 'r2', deals: [testDeal(2)] });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack', stored: 1 });
    const added = await liveB.waitFor((m) => m.type === 'deals_added');
    expect(added).toMatchObject({ user_id: trader.id, account_number: account });
    liveB.close();
    agent.close();
  });

  it('fails at once, not at expiry, a command for an agent on another instance while Redis is killed', async () => {
    // Their own pair, beating every 10 s: B cannot forget A's agent by its silence during the
    // test, so only the lost link can explain a command failing before its 20 s expiry.
    const slow = { ...redis, prefix: `${redis.prefix}cut:`, beatMs: 10_000 };
    const c = await createTestApp(db, { redis: slow });
    const d = await createTestApp(db, { redis: slow });
    const baseC = await c.app.listen({ port: 0, host: '127.0.0.1' });
    const trader = await makeUser(db.pool, { role: 'trader' });
    const agent = await pairTestAgent(c.app, baseC, trader, 7_400_000 + trader.id);
    await holdsSoon(() => d.app.bridgeRuntime.agents.of(trader.id) !== undefined);
    // One command already waiting on its reply through Redis when it dies.
    const waiting = post(d, trader, '/api/mt5/disconnect');
    expect((await agent.next()).type).toBe('command');
    await server.kill();
    const killed = performance.now();
    try {
      const failedWaiting = (await waiting).json<{ success: boolean; message: string }>();
      const waitingMs = performance.now() - killed;
      expect(failedWaiting).toEqual({ success: false, message: mt5Messages.interServerDown });
      // And one sent while Redis is away, to the agent D still knows to be on C.
      const t0 = performance.now();
      const sent = (await post(d, trader, '/api/mt5/disconnect')).json<unknown>();
      const sentMs = performance.now() - t0;
      expect(sent).toEqual({ success: false, message: mt5Messages.interServerDown });
      // Generous bounds against the 20 s command expiry they used to wait for.
      expect(waitingMs).toBeLessThan(2_000);
      expect(sentMs).toBeLessThan(2_000);
      console.info(
        `Redis SIGKILL: waiting command failed in ${Math.round(waitingMs)} ms, new one in ${Math.round(sentMs)} ms`,
      );
      // /health names Redis as down, and still answers 200: only the database takes it out.
      const health = await d.app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', redis: { state: 'down' } });
    } finally {
      await server.start();
    }
    await holdsSoon(
      async () =>
        (await d.app.inject({ url: '/health' })).json<{ redis: { state: string } }>().redis
          .state === 'up',
    );
    agent.close();
    await c.close();
    await d.close();
  });

  it('refuses to start, with the reason, when Redis does not answer', async () => {
    await expect(
      openRedisLink({ url: 'redis://127.0.0.1:1', log: pino({ level: 'silent' }) }),
    ).rejects.toThrow(/Não foi possível conectar ao Redis/);
  });
});
