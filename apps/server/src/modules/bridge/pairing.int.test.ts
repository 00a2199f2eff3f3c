import { bridgeMessages } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let trader: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const statusInBody = (u: TestUser, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bridge/token/status',
    headers: bearer(u.token),
    payload,
  });

describe('token status with the token in the body', () => {
  it('follows a token from pending to paired with its account', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/bridge/token/create',
      headers: bearer(trader.token),
    });
    const { token } = created.json<{ token: string }>();
    expect((await statusInBody(trader, { token })).json()).toMatchObject({
      success: true,
      status: 'pending',
      account_number: null,
    });
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect((await agent.next()).type).toBe('auth_ok');
    agent.close();
    expect((await statusInBody(trader, { token })).json()).toMatchObject({ status: 'paired' });

    // Another user's token is as unknown as a made-up one.
    const other = await makeUser(db.pool);
    const hidden = await statusInBody(other, { token });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ success: false, error: bridgeMessages.tokenNotFound });
  });

  it('refuses a malformed body with a 400 in Portuguese', async () => {
    for (const payload of [{}, { token: 'curto' }, { token: 'A'.repeat(43), extra: 1 }]) {
      const res = await statusInBody(trader, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Dados inválidos/);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/token/status',
      payload: { token: 'A'.repeat(43) },
    });
    expect(res.statusCode).toBe(401);
  });
});
