import { bridgeMessages } from '@vortex/core';
import { describe, expect, it, type Requests, type TestUser } from '../../../test/fixture.js';
import { TestAgent } from '../../../test/agent-client.js';

const statusInBody = (api: Requests, u: TestUser, payload: object) =>
  api.as(u).post('/api/bridge/token/status', payload);

describe('token status with the token in the body', () => {
  it('follows a token from pending to paired with its account', async ({
    base,
    api,
    trader,
    newUser,
  }) => {
    const created = await api.as(trader).post('/bridge/token/create');
    const { token } = created.json<{ token: string }>();
    expect((await statusInBody(api, trader, { token })).json()).toMatchObject({
      success: true,
      status: 'pending',
      account_number: null,
    });
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect((await agent.next()).type).toBe('auth_ok');
    agent.close();
    expect((await statusInBody(api, trader, { token })).json()).toMatchObject({ status: 'paired' });

    // Another user's token is as unknown as a made-up one.
    const other = await newUser();
    const hidden = await statusInBody(api, other, { token });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ success: false, error: bridgeMessages.tokenNotFound });
  });

  it('refuses a malformed body with a 400 in Portuguese', async ({ api, trader }) => {
    for (const payload of [{}, { token: 'curto' }, { token: 'A'.repeat(43), extra: 1 }]) {
      const res = await statusInBody(api, trader, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Dados inválidos/);
    }
  });

  it('needs a session', async ({ api }) => {
    const res = await api.post('/api/bridge/token/status', { token: 'A'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });
});
