import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestAgent } from '../../../test/agent-client.js';
import { eventually } from '../../../test/bot-scenario.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { startRedisServer, type RedisServer } from '../../../test/redis-server.js';
import { nextOfType, runningTrader } from '../../../test/running-trader.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { rowsOf } from '../../db/rows.js';
import { accessEndMessages } from './access-end.messages.js';

// Two instances on one Redis of this file's own: the trader's agent, bot and live channel sit on
// A, the administrator acts on B. Not on the fixture, which makes one app per file.
let server: RedisServer;
let db: TestDatabase;
let a: TestApp;
let b: TestApp;
let baseA: string;
let admin: TestUser;
const agents: TestAgent[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  const redis = {
    url: server.url,
    prefix: `vortex-test:${randomBytes(4).toString('hex')}:`,
    beatMs: 200,
  };
  db = await createTestDatabase();
  a = await createTestApp(db, { redis });
  b = await createTestApp(db, { redis });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  for (const agent of agents) agent.close();
  await b.close();
  await a.close();
  await db.drop();
  await server.stop();
});

async function everythingOnA(role: 'user' | 'trader') {
  const r = await runningTrader(db.pool, a.app, baseA, role);
  agents.push(r.agent);
  // B knows the agent from A's announcements, as it would behind a load balancer.
  await eventually(() => b.app.bridgeRuntime.agents.of(r.user.id) !== undefined);
  expect(b.app.bridgeRuntime.agents.of(r.user.id)).toBeDefined();
  expect(a.app.botManager.isRunning(r.user.id)).toBe(true);
  return r;
}

const onB = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  b.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });

describe('an administrator on another instance ending a trader’s access', () => {
  it('suspending on B stops the bot on A, revokes the agent on A and closes the channel on A', async () => {
    const { user, agent, live } = await everythingOnA('trader');
    expect((await onB('PUT', `/users/${user.id}`, { status: 'suspended' })).statusCode).toBe(200);

    expect(await nextOfType(agent, 'revoked')).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await live.waitClosed()).toBe(4401);
    await eventually(() => !a.app.botManager.isRunning(user.id));
    expect(a.app.botManager.isRunning(user.id)).toBe(false);
    const rows = await rowsOf(
      db.pool,
      z.object({ active: z.boolean(), last_error: z.string().nullable() }),
      'SELECT active, last_error FROM bot_runs WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ active: false, last_error: accessEndMessages.blocked.suspended }]);
  });

  it('deleting on B does the same on A', async () => {
    const { user, agent, live } = await everythingOnA('trader');
    expect((await onB('DELETE', `/users/${user.id}`)).statusCode).toBe(200);

    expect(await nextOfType(agent, 'revoked')).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await live.waitClosed()).toBe(4401);
    await eventually(() => !a.app.botManager.isRunning(user.id));
    expect(a.app.botManager.isRunning(user.id)).toBe(false);
  });

  it('demoting to viewer on B stops the bot on A and closes the channel on A', async () => {
    const { user, live } = await everythingOnA('user');
    expect((await onB('PUT', `/users/${user.id}`, { role: 'viewer' })).statusCode).toBe(200);

    expect(await live.waitClosed()).toBe(4401);
    await eventually(() => !a.app.botManager.isRunning(user.id));
    expect(a.app.botManager.isRunning(user.id)).toBe(false);
  });
});
