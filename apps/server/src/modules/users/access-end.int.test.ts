import { botControlMessages, liveMessages } from '@vortex/core';
import { z } from 'zod';
import { testDeal, type TestAgent } from '../../../test/agent-client.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { makeUser } from '../../../test/identities.js';
import { nextOfType, openLive, runningTrader } from '../../../test/running-trader.js';
import { maybeRow, rowsOf } from '../../db/rows.js';
import { markStarted } from '../bot/bot-runs.repo.js';
import { accessEndMessages } from './access-end.messages.js';

// The file's fixtures, kept for the helpers below.
let db: TestDatabase;
let t: TestApp;
let base: string;
let api: Requests;
let admin: TestUser;
const agents: TestAgent[] = [];

it.beforeAll(({ db: database, t: testApp, base: url, api: requests, admin: firstAdmin }) => {
  [db, t, base, api, admin] = [database, testApp, url, requests, firstAdmin];
});
it.afterAll(() => {
  for (const a of agents) a.close();
});

const botRun = (userId: number) =>
  maybeRow(
    db.pool,
    z.object({ active: z.boolean(), last_error: z.string().nullable() }),
    'SELECT active, last_error FROM bot_runs WHERE user_id = $1',
    [userId],
  );

const bridgeSessions = (userId: number) =>
  rowsOf(
    db.pool,
    z.object({ status: z.string(), end_reason: z.string().nullable() }),
    'SELECT status, end_reason FROM bridge_sessions WHERE user_id = $1',
    [userId],
  );

async function running(role: 'user' | 'trader') {
  const r = await runningTrader(db.pool, t.app, base, role);
  agents.push(r.agent);
  expect(t.app.botManager.isRunning(r.user.id)).toBe(true);
  return r;
}

describe('an administrator ending a trader’s access', () => {
  it('suspending stops the bot with its reason, revokes the agent and closes the live channel', async () => {
    const { user, agent, live } = await running('trader');
    // A pairing token made before could otherwise still pair a new agent.
    expect((await api.as(user).post('/bridge/token/create')).statusCode).toBe(201);
    const res = await api.as(admin).put(`/users/${user.id}`, { status: 'suspended' });
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
    const tokens = await rowsOf(
      db.pool,
      z.object({ status: z.string() }),
      'SELECT status FROM bridge_tokens WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    expect(tokens.map((r) => r.status)).toEqual(['paired', 'revoked']);

    // Back to active, the trader reads why their bot stopped; it does not restart by itself.
    expect((await api.as(admin).put(`/users/${user.id}`, { status: 'active' })).statusCode).toBe(
      200,
    );
    const status = (await api.as(user).get('/bot/status')).json<{
      status: { bot_active: boolean; error: string | null };
    }>().status;
    expect(status).toMatchObject({ bot_active: false, error: accessEndMessages.blocked.suspended });
  });

  it('deleting stops the bot, revokes the agent and closes the live channel', async () => {
    const { user, agent, live } = await running('trader');
    expect((await api.as(admin).del(`/users/${user.id}`)).statusCode).toBe(200);

    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect(await botRun(user.id)).toBeUndefined();
    expect(await nextOfType(agent, 'revoked')).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await live.waitClosed()).toBe(4401);
  });

  it('demoting to viewer stops the bot and closes the channel; a new one opens as viewer', async () => {
    const { user, agent, live } = await running('user');
    const res = await api.as(admin).post(`/users/${user.id}/role`, { role: 'viewer' });
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
    const status = (await api.as(viewer).get('/bot/status')).json<{
      status: { bot_active: boolean; error: string | null };
    }>().status;
    expect(status).toEqual(
      expect.objectContaining({
        bot_active: false,
        error:
          'Robô parado: o administrador mudou sua função para Visualizador, que não controla o robô.',
      }),
    );
    expect((await api.as(viewer).post('/api/bot/start')).statusCode).toBe(403);
    again.close();
  });

  it('demoting through the edit route acts the same as through the role route', async () => {
    const { user, live } = await running('trader');
    expect((await api.as(admin).put(`/users/${user.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect(t.app.botManager.isRunning(user.id)).toBe(false);
    expect((await botRun(user.id))?.last_error).toBe(accessEndMessages.roleChanged('viewer'));
    expect(await live.waitClosed()).toBe(4401);
  });

  it('a role that still runs the bot leaves it running', async () => {
    const { user, live } = await running('user');
    expect(
      (await api.as(admin).post(`/users/${user.id}/role`, { role: 'trader' })).statusCode,
    ).toBe(200);
    // The channel closes with the new role (README), the bot keeps its lease.
    expect(await live.waitClosed()).toBe(4401);
    await t.app.botManager.tend();
    expect(t.app.botManager.isRunning(user.id)).toBe(true);
    expect(await botRun(user.id)).toEqual({ active: true, last_error: null });
    expect((await api.as(user).post('/api/bot/stop')).json()).toMatchObject({
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
