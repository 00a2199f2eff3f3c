import { loginMessages, resetMessages } from '@vortex/core';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';
import { TEST_PASSWORD } from '../../../test/identities.js';
import { freshAddress } from '../../../test/requests.js';
import type { ReceivedMail } from '../../../test/smtp-sink.js';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';

const forgot = (api: Requests, email: string) =>
  api.post('/auth/forgot-password', { email }, { remoteAddress: freshAddress() });
const tokenIn = (mail: ReceivedMail) =>
  /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends every session', async ({
    t,
    api,
    newUser,
  }) => {
    const u = await newUser();
    const res = await forgot(api, u.email);
    expect(res.json()).toEqual({ success: true, message: resetMessages.forgotSent });
    const mail = await t.smtp.waitFor((m) => m.to.includes(u.email));
    expect(mail.subject).toBe('Vórtex: redefinição de senha');
    const token = tokenIn(mail);
    expect(token).toHaveLength(43);

    const check = await api.get(`/api/auth/validate-reset-token?token=${token}`);
    expect(check.json()).toEqual({
      success: true,
      message: resetMessages.validToken,
      user_email: u.email,
    });

    const reset = await api.post('/api/auth/reset-password', { token, password: 'Nova#Senha9' });
    expect(reset.json()).toEqual({ success: true, message: resetMessages.done });
    expect((await api.login(u.email, 'Nova#Senha9')).statusCode).toBe(200);
    expect((await api.login(u.email, TEST_PASSWORD)).json()).toEqual({
      success: false,
      error: loginMessages.invalidCredentials,
    });
    expect((await api.as(u).get('/api/auth/whoami')).statusCode).toBe(401);

    const again = await api.post('/api/auth/reset-password', { token, password: 'Outra#Senha9' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: resetMessages.invalidToken });
  });

  it('lets the owner in from the address they reset from, past an account-wide lockout', async ({
    t,
    api,
    newUser,
  }) => {
    const u = await newUser();
    for (let a = 0; a < 4; a++) {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) await api.login(u.email, 'Errada@123', address);
    }
    const home = freshAddress();
    expect((await api.login(u.email, TEST_PASSWORD, home)).statusCode).toBe(429);
    await forgot(api, u.email);
    const token = tokenIn(await t.smtp.waitFor((m) => m.to.includes(u.email)));
    const reset = await api.post(
      '/api/auth/reset-password',
      { token, password: 'Nova#Senha9' },
      { remoteAddress: home },
    );
    expect(reset.statusCode).toBe(200);
    expect((await api.login(u.email, 'Nova#Senha9', home)).statusCode).toBe(200);
    expect((await api.login(u.email, 'Nova#Senha9')).statusCode).toBe(429);
  });

  it('answers the same for an unknown email and sends nothing', async ({ t, api, newUser }) => {
    const res = await forgot(api, 'nao-existe@exemplo.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: resetMessages.forgotSent });
    // The mail is handed to the mailer before the answer (and sent in the background): once
    // answered, a mail not handed is a mail never sent. A known address after it still gets one.
    const u = await newUser();
    await forgot(api, u.email);
    expect(t.mailsHanded.map((m) => m.to)).toContain(u.email);
    expect(t.mailsHanded.filter((m) => m.to.includes('nao-existe@exemplo.com'))).toEqual([]);
    await t.smtp.waitFor((m) => m.to.includes(u.email));
    expect(t.smtp.mails.filter((m) => m.to.includes('nao-existe@exemplo.com'))).toEqual([]);
  });

  it('sends at most 3 links an hour per account, with the same answer', async ({
    t,
    api,
    newUser,
  }) => {
    const u = await newUser();
    for (let i = 0; i < 4; i++)
      expect((await forgot(api, u.email)).json<{ message: string }>().message).toBe(
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

  it('refuses an expired link, a made-up link and a weak password', async ({
    db,
    t,
    api,
    newUser,
  }) => {
    const u = await newUser();
    await forgot(api, u.email);
    const token = tokenIn(await t.smtp.waitFor((m) => m.to.includes(u.email)));
    const weak = await api.post('/api/auth/reset-password', { token, password: 'fraca' });
    expect(weak.json()).toEqual({
      success: false,
      error: `Dados inválidos. ${resetMessages.weakPassword}`,
    });
    const { ttl } = await oneRow(
      db.pool,
      z.object({ ttl: z.number() }),
      'SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM password_resets WHERE user_id = $1',
      [u.id],
    );
    // Links live for one hour.
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);
    await db.pool.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [u.id],
    );
    expect((await api.get(`/api/auth/validate-reset-token?token=${token}`)).statusCode).toBe(400);
    const madeUp = await api.get(`/api/auth/validate-reset-token?token=${'A'.repeat(43)}`);
    expect(madeUp.json()).toEqual({ success: false, error: resetMessages.invalidToken });
  });
});
