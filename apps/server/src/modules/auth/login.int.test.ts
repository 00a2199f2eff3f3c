import { loginMessages } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, TEST_PASSWORD } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let ipSeq = 0;
const ip = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const login = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip(),
  });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('POST /auth/login', () => {
  it('logs in by email or username and answers the token, the user and the permissions', async () => {
    const u = await makeUser(db.pool, { role: 'trader', session: false });
    for (const id of [u.email, u.email.toUpperCase(), u.username]) {
      const res = await login(id, TEST_PASSWORD);
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
      const who = await app.inject({ url: '/api/auth/whoami', headers: bearer(body.token) });
      expect(who.json<{ user: { id: number } }>().user.id).toBe(u.id);
    }
    const { rows } = await db.pool.query<{ last_login: Date | null }>(
      'SELECT last_login FROM users WHERE id = $1',
      [u.id],
    );
    expect(rows[0]?.last_login).not.toBeNull();
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const u = await makeUser(db.pool, { session: false });
    const wrong = await login(u.email, 'Errada@123');
    const unknown = await login('ninguem@nada.com', 'Errada@123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: loginMessages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['pending', loginMessages.pending],
    ['rejected', loginMessages.rejected],
    ['suspended', loginMessages.suspended],
  ] as const)('refuses a %s account with its reason', async (status, message) => {
    const u = await makeUser(db.pool, { status, session: false });
    const res = await login(u.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: message });
  });

  it('refuses a DEMO account whose 7-day trial has ended, and admits one still in trial', async () => {
    const lapsed = await makeUser(db.pool, { accountType: 'DEMO', session: false });
    await db.pool.query(
      "UPDATE users SET trial_ends_at = now() - interval '1 minute' WHERE id = $1",
      [lapsed.id],
    );
    expect((await login(lapsed.email, TEST_PASSWORD)).json()).toEqual({
      success: false,
      error: loginMessages.trialEnded,
    });
    const inTrial = await makeUser(db.pool, { accountType: 'DEMO', session: false });
    await db.pool.query(
      "UPDATE users SET trial_ends_at = now() + interval '6 days' WHERE id = $1",
      [inTrial.id],
    );
    expect((await login(inTrial.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends the session on the very next request', async () => {
    const u = await makeUser(db.pool);
    expect(
      (await app.inject({ url: '/api/auth/whoami', headers: bearer(u.token) })).statusCode,
    ).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(u.token) });
    expect(out.json()).toEqual({ success: true, message: loginMessages.loggedOut });
    const after = await app.inject({ url: '/api/auth/whoami', headers: bearer(u.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: loginMessages.sessionExpired });
  });

  it('accepts the x-auth-token header as well as the bearer', async () => {
    const u = await makeUser(db.pool);
    const res = await app.inject({ url: '/api/auth/whoami', headers: { 'x-auth-token': u.token } });
    expect(res.statusCode).toBe(200);
  });

  it('expires 12 hours after login, and after the idle timeout', async () => {
    const a = await makeUser(db.pool);
    await db.pool.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [a.id],
    );
    expect(
      (await app.inject({ url: '/api/auth/whoami', headers: bearer(a.token) })).statusCode,
    ).toBe(401);
    const b = await makeUser(db.pool);
    await db.pool.query(
      "UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE user_id = $1",
      [b.id],
    );
    expect(
      (await app.inject({ url: '/api/auth/whoami', headers: bearer(b.token) })).statusCode,
    ).toBe(401);
    const { rows } = await db.pool.query<{ ttl: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM sessions WHERE user_id = $1',
      [b.id],
    );
    expect(rows[0]?.ttl).toBe(12 * 3600);
  });

  it('reads the role from the database on every request', async () => {
    const admin = await makeUser(db.pool, { role: 'admin' });
    expect((await app.inject({ url: '/users', headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
    await db.pool.query("UPDATE users SET role = 'user' WHERE id = $1", [admin.id]);
    expect((await app.inject({ url: '/users', headers: bearer(admin.token) })).statusCode).toBe(
      403,
    );
  });

  it('suspension and deletion take effect on the next request', async () => {
    const s = await makeUser(db.pool);
    await db.pool.query("UPDATE users SET status = 'suspended' WHERE id = $1", [s.id]);
    const suspended = await app.inject({ url: '/api/auth/whoami', headers: bearer(s.token) });
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json()).toEqual({ success: false, error: loginMessages.suspended });
    const d = await makeUser(db.pool);
    await db.pool.query('DELETE FROM users WHERE id = $1', [d.id]);
    expect(
      (await app.inject({ url: '/api/auth/whoami', headers: bearer(d.token) })).statusCode,
    ).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const u = await makeUser(db.pool);
    const { rows } = await db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'",
      [u.token],
    );
    expect(rows[0]?.n).toBe(0);
  });
});
