import { loginMessages } from '@vortex/core';
import { TEST_PASSWORD } from '../../../test/identities.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';

describe('POST /auth/login', () => {
  it('logs in by email or username and answers the token, the user and the permissions', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader', session: false });
    for (const id of [u.email, u.email.toUpperCase(), u.username]) {
      const res = await api.login(id, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        access_token: string;
        token: string;
        user: { id: number; role: string };
        permissions: string[];
      }>();
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.token).toBe(body.access_token);
      expect(body.user).toMatchObject({ id: u.id, role: 'trader' });
      expect(body.user).not.toHaveProperty('password_hash');
      expect(body.permissions).toContain('dashboard:read');
      const who = await api.as(body).get('/api/auth/whoami');
      expect(who.json<{ user: { id: number } }>().user.id).toBe(u.id);
    }
    const row = await maybeRow(
      db.pool,
      z.object({ last_login: z.date().nullable() }),
      'SELECT last_login FROM users WHERE id = $1',
      [u.id],
    );
    expect(row?.last_login).not.toBeNull();
  });

  it('answers a wrong password and an unknown user with the same 401 message', async ({
    api,
    newUser,
  }) => {
    const u = await newUser({ session: false });
    const wrong = await api.login(u.email, 'Errada@123');
    const unknown = await api.login('ninguem@nada.com', 'Errada@123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: loginMessages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.for([
    ['pending', loginMessages.pending],
    ['rejected', loginMessages.rejected],
    ['suspended', loginMessages.suspended],
  ] as const)(
    'refuses a %s account with its reason',
    async ([status, message], { api, newUser }) => {
      const u = await newUser({ status, session: false });
      const res = await api.login(u.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: message });
    },
  );

  it('refuses a DEMO account whose 7-day trial has ended, and admits one still in trial', async ({
    api,
    db,
    newUser,
  }) => {
    const lapsed = await newUser({ accountType: 'DEMO', session: false });
    await db.pool.query(
      "UPDATE users SET trial_ends_at = now() - interval '1 minute' WHERE id = $1",
      [lapsed.id],
    );
    expect((await api.login(lapsed.email, TEST_PASSWORD)).json()).toEqual({
      success: false,
      error: loginMessages.trialEnded,
    });
    const inTrial = await newUser({ accountType: 'DEMO', session: false });
    await db.pool.query(
      "UPDATE users SET trial_ends_at = now() + interval '6 days' WHERE id = $1",
      [inTrial.id],
    );
    expect((await api.login(inTrial.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends the session on the very next request', async ({ api, newUser }) => {
    const u = await newUser();
    expect((await api.as(u).get('/api/auth/whoami')).statusCode).toBe(200);
    const out = await api.as(u).post('/auth/logout');
    expect(out.json()).toEqual({ success: true, message: loginMessages.loggedOut });
    const after = await api.as(u).get('/api/auth/whoami');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: loginMessages.sessionExpired });
  });

  it('accepts the x-auth-token header as well as the bearer', async ({ app, newUser }) => {
    const u = await newUser();
    const res = await app.inject({ url: '/api/auth/whoami', headers: { 'x-auth-token': u.token } });
    expect(res.statusCode).toBe(200);
  });

  it('expires 12 hours after login, and after the idle timeout', async ({ db, api, newUser }) => {
    const a = await newUser();
    await db.pool.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [a.id],
    );
    expect((await api.as(a).get('/api/auth/whoami')).statusCode).toBe(401);
    const b = await newUser();
    await db.pool.query(
      "UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE user_id = $1",
      [b.id],
    );
    expect((await api.as(b).get('/api/auth/whoami')).statusCode).toBe(401);
    const rows = await rowsOf(
      db.pool,
      z.object({ ttl: z.number() }),
      'SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM sessions WHERE user_id = $1',
      [b.id],
    );
    expect(rows[0]?.ttl).toBe(12 * 3600);
  });

  it('reads the role from the database on every request', async ({ db, api, newUser }) => {
    const admin = await newUser({ role: 'admin' });
    expect((await api.as(admin).get('/users')).statusCode).toBe(200);
    await db.pool.query("UPDATE users SET role = 'user' WHERE id = $1", [admin.id]);
    expect((await api.as(admin).get('/users')).statusCode).toBe(403);
  });

  it('suspension and deletion take effect on the next request', async ({ db, api, newUser }) => {
    const s = await newUser();
    await db.pool.query("UPDATE users SET status = 'suspended' WHERE id = $1", [s.id]);
    const suspended = await api.as(s).get('/api/auth/whoami');
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json()).toEqual({ success: false, error: loginMessages.suspended });
    const d = await newUser();
    await db.pool.query('DELETE FROM users WHERE id = $1', [d.id]);
    expect((await api.as(d).get('/api/auth/whoami')).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async ({ db, newUser }) => {
    const u = await newUser();
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      "SELECT count(*)::int AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'",
      [u.token],
    );
    expect(n).toBe(0);
  });
});
