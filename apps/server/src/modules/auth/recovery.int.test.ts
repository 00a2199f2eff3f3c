import { loginMessages, resetMessages } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, TEST_PASSWORD } from '../../../test/identities.js';
import type { ReceivedMail } from '../../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let ipSeq = 0;
const ip = () => `10.3.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const forgot = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    payload: { email },
    remoteAddress: ip(),
  });
const tokenIn = (mail: ReceivedMail) =>
  /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
const login = (email: string, password: string, remoteAddress = ip()) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const u = await makeUser(db.pool);
    const res = await forgot(u.email);
    expect(res.json()).toEqual({ success: true, message: resetMessages.forgotSent });
    const mail = await t.smtp.waitFor((m) => m.to.includes(u.email));
    expect(mail.subject).toBe('Vórtex: redefinição de senha');
    const token = tokenIn(mail);
    expect(token).toHaveLength(43);

    const check = await app.inject({ url: `/api/auth/validate-reset-token?token=${token}` });
    expect(check.json()).toEqual({
      success: true,
      message: resetMessages.validToken,
      user_email: u.email,
    });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Nova#Senha9' },
    });
    expect(reset.json()).toEqual({ success: true, message: resetMessages.done });
    expect((await login(u.email, 'Nova#Senha9')).statusCode).toBe(200);
    expect((await login(u.email, TEST_PASSWORD)).json()).toEqual({
      success: false,
      error: loginMessages.invalidCredentials,
    });
    expect(
      (await app.inject({ url: '/api/auth/whoami', headers: bearer(u.token) })).statusCode,
    ).toBe(401);

    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Outra#Senha9' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: resetMessages.invalidToken });
  });

  it('lets the owner in from the address they reset from, past an account-wide lockout', async () => {
    const u = await makeUser(db.pool);
    for (let a = 0; a < 4; a++) {
      const address = ip();
      for (let i = 0; i < 5; i++) await login(u.email, 'Errada@123', address);
    }
    const home = ip();
    expect((await login(u.email, TEST_PASSWORD, home)).statusCode).toBe(429);
    await forgot(u.email);
    const token = tokenIn(await t.smtp.waitFor((m) => m.to.includes(u.email)));
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Nova#Senha9' },
      remoteAddress: home,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(u.email, 'Nova#Senha9', home)).statusCode).toBe(200);
    expect((await login(u.email, 'Nova#Senha9')).statusCode).toBe(429);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await forgot('nao-existe@exemplo.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: resetMessages.forgotSent });
    // The mail is handed to the mailer before the answer (and sent in the background): once
    // answered, a mail not handed is a mail never sent. A known address after it still gets one.
    const u = await makeUser(db.pool);
    await forgot(u.email);
    expect(t.mailsHanded.map((m) => m.to)).toContain(u.email);
    expect(t.mailsHanded.filter((m) => m.to.includes('nao-existe@exemplo.com'))).toEqual([]);
    await t.smtp.waitFor((m) => m.to.includes(u.email));
    expect(t.smtp.mails.filter((m) => m.to.includes('nao-existe@exemplo.com'))).toEqual([]);
  });

  it('sends at most 3 links an hour per account, with the same answer', async () => {
    const u = await makeUser(db.pool);
    for (let i = 0; i < 4; i++)
      expect((await forgot(u.email)).json<{ message: string }>().message).toBe(
        resetMessages.forgotSent,
      );
    // Handed before each answer: after the fourth answer, the count is final.
    expect(t.mailsHanded.filter((m) => m.to.includes(u.email))).toHaveLength(3);
    await t.smtp.waitFor(
      (m) =>
        m.to.includes(u.email) && t.smtp.mails.filter((x) => x.to.includes(u.email)).length >= 3,
    );
    expect(t.smtp.mails.filter((m) => m.to.includes(u.email))).toHaveLength(3);
  });

  it('refuses an expired link, a made-up link and a weak password', async () => {
    const u = await makeUser(db.pool);
    await forgot(u.email);
    const token = tokenIn(await t.smtp.waitFor((m) => m.to.includes(u.email)));
    const weak = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'fraca' },
    });
    expect(weak.json()).toEqual({
      success: false,
      error: `Dados inválidos. ${resetMessages.weakPassword}`,
    });
    const { rows } = await db.pool.query<{ ttl: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM password_resets WHERE user_id = $1',
      [u.id],
    );
    // Links live for one hour.
    expect(rows[0]?.ttl).toBeGreaterThan(3590);
    expect(rows[0]?.ttl).toBeLessThanOrEqual(3600);
    await db.pool.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [u.id],
    );
    expect(
      (await app.inject({ url: `/api/auth/validate-reset-token?token=${token}` })).statusCode,
    ).toBe(400);
    const madeUp = await app.inject({
      url: `/api/auth/validate-reset-token?token=${'A'.repeat(43)}`,
    });
    expect(madeUp.json()).toEqual({ success: false, error: resetMessages.invalidToken });
  });
});
