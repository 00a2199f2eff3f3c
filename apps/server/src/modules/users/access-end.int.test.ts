import { botControlMessages, liveMessages } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeal, type TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { nextOfType, openLive, runningTrader } from '../../../test/running-trader.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { markStarted } from '../bot/bot-runs.repo.js';
import { accessEndMessages } from './access-end.messages.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let admin: TestUser;
const agents: TestAgent[] = [];

const as = (u: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object) =>
  t.app.inject({ method, url, headers: bearer(u.token), ...(body && { payload: body }) });

const botRun = async (userId: number) =>
  (
    await db.pool.query<{ active: boolean; last_error: string | null }>(
      'SELECT active, last_error FROM bot_runs WHERE user_id = $1',
      [userId],
    )
  ).rows[0];

const bridgeSessions = async (userId: number) =>
  (
    await db.pool.query<{ status: string; end_reason: string | null }>(
      'SELECT status, end_reason FROM bridge_sessions WHERE user_id = $1',
      [userId],
    )
  ).rows;

async function running(role: 'user' | 'trader') {
  const r = await runningTrader(db.pool, t.app, base, role);
  agents.push(r.agent);
  expect(t.app.botManager.isRunning(r.user.id)).toBe(true);
  return r;
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  for (const a of agents) a.close();
  await t.close();
  await db.drop();
});

describe('an administrator ending a trader’s access', () => {
  it('suspending stops the bot with its reason, revokes the agent and closes the live channel', async () => {
    const { user, agent, live } = await running('trader');
    // A pairing token made before could otherwise still pair a new agent.
    expect((await as(user, 'POST', '/bridge/token/create')).statusCode).toBe(201);
    const res = await as(admin, 'PUT', `/users/${user.id}`, { status: 'suspended' });
    expect(res.statusCode).toBe(200);

    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect(await botRun(user.id)).toEqual({
      active: false,
      last_error: 'Robô parado: conta suspensa pelo administrador.',
    });
    expect(await nextOfType(agent, 'revoked')).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await bridgeSessions(user.id)).toEqual([
      { status: 'revoked', end_reason: 'admin_revoke' },
    ]);
    expect(await live.waitClosed()).toBe(4401);
    expect(live.received).toContainEqual({ type: 'error', error: liveMessages.sessionEnded });
    const tokens = await db.pool.query<{ status: string }>(
      'SELECT status FROM bridge_tokens WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    expect(tokens.rows.map((r) => r.status)).toEqual(['paired', 'revoked']);

    // Back to active, the trader reads why their bot stopped; it does not restart by itself.
    expect((await as(admin, 'PUT', `/users/${user.id}`, { status: 'active' })).statusCode).toBe(
      200,
    );
    const status = (await as(user, 'GET', '/bot/status')).json<{
      status: { bot_active: boolean; error: string | null };
    }>().status;
    expect(status).toMatchObject({ bot_active: false, error: accessEndMessages.blocked.suspended });
  });

  it('deleting stops the bot, revokes the agent and closes the live channel', async () => {
    const { user, agent, live } = await running('trader');
    expect((await as(admin, 'DELETE', `/users/${user.id}`)).statusCode).toBe(200);

    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect(await botRun(user.id)).toBeUndefined();
    expect(await nextOfType(agent, 'revoked')).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await live.waitClosed()).toBe(4401);
  });

  it('demoting to viewer stops the bot and closes the channel; a new one opens as viewer', async () => {
    const { user, agent, live } = await running('user');
    const res = await as(admin, 'POST', `/users/${user.id}/role`, { role: 'viewer' });
    expect(res.statusCode).toBe(200);

    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect(await botRun(user.id)).toEqual({
      active: false,
      last_error: accessEndMessages.roleChanged('viewer'),
    });
    expect(await live.waitClosed()).toBe(4401);
    // A viewer still reads their account: the agent's session stays.
    expect(await bridgeSessions(user.id)).toEqual([{ status: 'active', end_reason: null }]);

    const viewer = { ...user, role: 'viewer' as const };
    const again = await openLive(t.app, base, viewer);
    agent.send({ type: 'deals', batch_id: 'v1', deals: [testDeal(1)] });
    await again.waitFor((m) => m.type === 'deals_added' && m.user_id === user.id);
    const status = (await as(viewer, 'GET', '/bot/status')).json<{
      status: { bot_active: boolean; error: string | null };
    }>().status;
    expect(status).toEqual(
      expect.objectContaining({
        bot_active: false,
        error:
          'Robô parado: o administrador mudou sua função para Visualizador, que não controla o robô.',
      }),
    );
    expect((await as(viewer, 'POST', '/api/bot/start')).statusCode).toBe(403);
    again.close();
  });

  it('demoting through the edit route acts the same as through the role route', async () => {
    const { user, live } = await running('trader');
    expect((await as(admin, 'PUT', `/users/${user.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect((await botRun(user.id))?.last_error).toBe(accessEndMessages.roleChanged('viewer'));
    expect(await live.waitClosed()).toBe(4401);
  });

  it('a role that still runs the bot leaves it running', async () => {
    const { user, live } = await running('user');
    expect((await as(admin, 'POST', `/users/${user.id}/role`, { role: 'trader' })).statusCode).toBe(
      200,
    );
    // The channel closes with the new role (README), the bot keeps its lease.
    expect(await live.waitClosed()).toBe(4401);
    await t.app.botManager.tend();
    expect(t.app.botManager.isRunning(user.id)).toBe(true);
    expect(await botRun(user.id)).toEqual({ active: true, last_error: null });
    expect((await as(user, 'POST', '/api/bot/stop')).json()).toMatchObject({
      message: botControlMessages.stopped,
    });
  });

  it('a start racing a suspension or a demotion cannot leave the bot running', async () => {
    const suspended = await makeUser(db.pool, { role: 'trader', status: 'suspended' });
    const viewer = await makeUser(db.pool, { role: 'viewer' });
    const trader = await makeUser(db.pool, { role: 'trader' });
    expect(await markStarted(db.pool, suspended.id, 'teste:1:a')).toBe(false);
    expect(await markStarted(db.pool, viewer.id, 'teste:1:a')).toBe(false);
    expect(await markStarted(db.pool, trader.id, 'teste:1:a')).toBe(true);
    expect(await botRun(suspended.id)).toBeUndefined();
  });
});
