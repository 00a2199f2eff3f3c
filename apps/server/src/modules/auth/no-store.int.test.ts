import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer, TEST_PASSWORD } from '../../../test/identities.js';
import { describe, expect, it, type TestApp } from '../../../test/fixture.js';
import { freshAddress } from '../../../test/requests.js';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() }) as const;

/** A token found in the reset mail the server sent to `email`. */
async function resetToken({ app, t }: { app: FastifyInstance; t: TestApp }, email: string) {
  await app.inject(post('/auth/forgot-password', { email }));
  const mail = await t.smtp.waitFor((m) => m.to.includes(email));
  return /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
}

describe('Cache-Control: no-store', () => {
  it('is on every answer that carries a token, a user or an auth verdict', async ({
    t,
    app,
    admin,
    newUser,
  }) => {
    const u = await newUser();
    const token = await resetToken({ app, t }, u.email);
    const cases: [string, InjectOptions, number][] = [
      ['login', post('/auth/login', { email: u.email, password: TEST_PASSWORD }), 200],
      ['wrong login', post('/auth/login', { email: u.email, password: 'Errada@123' }), 401],
      ['bad login', post('/auth/login', { email: '' }), 400],
      ['register', post('/auth/register', { email: 'x' }), 400],
      ['whoami', { url: '/api/auth/whoami', headers: bearer(u.token) }, 200],
      ['no session', { url: '/api/auth/whoami' }, 401],
      ['forgot', post('/auth/forgot-password', { email: 'ninguem@nada.com' }), 200],
      ['validate', { url: `/api/auth/validate-reset-token?token=${token}` }, 200],
      ['invalid', { url: `/api/auth/validate-reset-token?token=${'a'.repeat(43)}` }, 400],
      ['reset', post('/api/auth/reset-password', { token, password: 'Nova#Senha9' }), 200],
      ['pairing token', post('/bridge/token/create', {}, bearer(admin.token)), 201],
      ['live ticket', post('/api/bridge/events/ticket', {}, bearer(admin.token)), 201],
      ['users', { url: '/users', headers: bearer(admin.token) }, 200],
      ['logout', post('/auth/logout', {}, bearer(admin.token)), 200],
    ];
    for (const [label, request, status] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, label).toBe(status);
      expect(res.headers['cache-control'], label).toBe('no-store');
      expect(res.headers.pragma, label).toBe('no-cache');
    }
  });

  it('is on the 429 of a locked login too', async ({ app }) => {
    const address = freshAddress();
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'ninguem@nada.com', password: 'Errada@123' },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) await attempt();
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
