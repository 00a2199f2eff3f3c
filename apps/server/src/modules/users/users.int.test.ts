import { communicationMessages, loginMessages, userAdminMessages as msg } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, TEST_PASSWORD, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;

const as = (
  u: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: bearer(u.token), ...(payload ? { payload } : {}) });

const audit = async (action: string, target: number) =>
  (
    await db.pool.query<{ actor_user_id: number; meta: Record<string, unknown> }>(
      'SELECT actor_user_id, meta FROM audit_log WHERE action = $1 AND target_user_id = $2',
      [action, target],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('user administration', () => {
  it('lists users for the admin, never with password hashes', async () => {
    const res = await as(admin, 'GET', '/users');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ users: { id: number }[]; data: unknown[] }>();
    expect(body.users.some((u) => u.id === admin.id)).toBe(true);
    expect(body.data).toEqual(body.users);
    expect(res.body).not.toContain('argon2');
  });

  it('approves a pending DEMO account: active, 7-day trial, audit, mail; then it logs in', async () => {
    const p = await makeUser(db.pool, { status: 'pending', accountType: 'DEMO', session: false });
    const res = await as(admin, 'PUT', `/users/${p.id}/approve`);
    expect(res.statusCode).toBe(200);
    const user = res.json<{ message: string; user: { status: string; trial_ends_at: string } }>();
    expect(user.message).toBe(msg.approved);
    expect(user.user.status).toBe('active');
    const days = (new Date(user.user.trial_ends_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await audit('user.approve', p.id)).toEqual([
      { actor_user_id: admin.id, meta: { account_type: 'DEMO' } },
    ]);
    await t.smtp.waitFor((m) => m.to.includes(p.email) && m.subject === 'Vórtex: conta aprovada');
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: p.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/users/${p.id}/approve`)).statusCode).toBe(409);
  });

  it('rejects a pending account, which then cannot log in', async () => {
    const p = await makeUser(db.pool, { status: 'pending', session: false });
    const res = await as(admin, 'PUT', `/users/${p.id}/reject`);
    expect(res.json()).toEqual({ success: true, message: msg.rejected });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: p.email, password: TEST_PASSWORD },
    });
    expect(login.json()).toEqual({ success: false, error: loginMessages.rejected });
    expect(await audit('user.reject', p.id)).toHaveLength(1);
  });

  it('edits a user and records which fields changed', async () => {
    const u = await makeUser(db.pool);
    const res = await as(admin, 'PUT', `/users/${u.id}`, {
      full_name: 'Nome Novo',
      account_type: 'demo',
      status: 'suspended',
      date_of_birth: '1985-02-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: object }>().user).toMatchObject({
      full_name: 'Nome Novo',
      account_type: 'DEMO',
      status: 'suspended',
      date_of_birth: '1985-02-03',
    });
    const [entry] = await audit('user.update', u.id);
    expect((entry?.meta.changed as string[]).sort()).toEqual([
      'account_type',
      'date_of_birth',
      'full_name',
      'status',
    ]);
  });

  it('refuses an email or a username another user has', async () => {
    const a = await makeUser(db.pool);
    const b = await makeUser(db.pool);
    expect(
      (await as(admin, 'PUT', `/users/${a.id}`, { email: b.email.toUpperCase() })).json(),
    ).toEqual({ success: false, error: msg.emailTaken });
    expect((await as(admin, 'PUT', `/users/${a.id}`, { username: b.username })).statusCode).toBe(
      409,
    );
  });

  it('changes roles, and never removes the last active admin', async () => {
    const u = await makeUser(db.pool);
    const res = await as(admin, 'POST', `/users/${u.id}/role`, { role: 'trader' });
    expect(res.json<{ message: string; user: { role: string } }>()).toMatchObject({
      message: msg.roleChanged,
      user: { role: 'trader' },
    });
    expect(await audit('user.role', u.id)).toEqual([
      { actor_user_id: admin.id, meta: { from: 'user', to: 'trader' } },
    ]);
    const demote = await as(admin, 'POST', `/users/${admin.id}/role`, { role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ success: false, error: msg.lastAdmin });
    expect((await as(admin, 'PUT', `/users/${admin.id}`, { status: 'suspended' })).statusCode).toBe(
      400,
    );
  });

  it('deletes a user (audited) but never the admin themself', async () => {
    const u = await makeUser(db.pool);
    expect((await as(admin, 'DELETE', `/users/${u.id}`)).json()).toEqual({
      success: true,
      message: msg.deleted,
    });
    expect((await as(admin, 'DELETE', `/users/${u.id}`)).statusCode).toBe(404);
    expect(await audit('user.delete', u.id)).toHaveLength(1);
    expect((await as(admin, 'DELETE', `/users/${admin.id}`)).json()).toEqual({
      success: false,
      error: msg.cannotDeleteSelf,
    });
  });

  it('sends a real test email, and SMS and WhatsApp only to a user with a phone', async () => {
    const u = await makeUser(db.pool);
    const all = await as(admin, 'POST', `/users/${u.id}/test`);
    expect(all.json()).toEqual({
      success: true,
      message: 'Teste enviado.',
      results: {
        email: { success: true, status: 'sent' },
        sms: {
          success: false,
          status: 'unavailable',
          error: communicationMessages.noAddress.sms,
        },
        whatsapp: {
          success: false,
          status: 'unavailable',
          error: communicationMessages.noAddress.whatsapp,
        },
      },
    });
    await t.smtp.waitFor((m) => m.to.includes(u.email) && m.subject === msg.testSubject);
    await db.pool.query(`UPDATE users SET phone = '(21) 99876-5432' WHERE id = $1`, [u.id]);
    const sms = await as(admin, 'POST', `/users/${u.id}/test/sms`);
    expect(sms.json<{ success: boolean; results: object }>()).toEqual({
      success: true,
      message: 'Teste enviado.',
      results: { sms: { success: true, status: 'sent' } },
    });
    const whatsapp = await as(admin, 'POST', `/users/${u.id}/test/whatsapp`);
    // No WhatsApp session runs in tests: unavailable at once, nothing queued for it.
    expect(whatsapp.json()).toEqual({
      success: false,
      message: 'Nenhum canal enviou o teste.',
      results: {
        whatsapp: {
          success: false,
          status: 'unavailable',
          error: 'Serviço de WhatsApp indisponível neste servidor.',
        },
      },
    });
    const { rows } = await db.pool.query<{ channel: string; recipient: string }>(
      `SELECT channel, recipient FROM messages WHERE user_id = $1 ORDER BY created_at`,
      [u.id],
    );
    expect(rows).toEqual([{ channel: 'sms', recipient: '5521998765432' }]);
    expect(await audit('user.test', u.id)).toHaveLength(3);
  });
});

describe('a user and their own data', () => {
  it('may change their own personal fields only', async () => {
    const u = await makeUser(db.pool);
    const own = await as(u, 'PUT', `/users/${u.id}`, {
      full_name: 'Eu Mesmo',
      phone: '+55 21 99999-0000',
    });
    expect(own.statusCode).toBe(200);
    const role = await as(u, 'PUT', `/users/${u.id}`, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ success: false, error: msg.ownFieldsOnly });
    const other = await as(u, 'PUT', `/users/${admin.id}`, { full_name: 'Hacker' });
    expect(other.statusCode).toBe(403);
    const { rows } = await db.pool.query<{ role: string; full_name: string }>(
      'SELECT role, full_name FROM users WHERE id = ANY($1) ORDER BY id',
      [[admin.id, u.id]],
    );
    expect(rows.map((r) => r.role)).toEqual(['admin', 'user']);
    expect(rows[0]?.full_name).not.toBe('Hacker');
  });
});

describe('every path that activates a DEMO account starts its trial', () => {
  const DAY = 86_400_000;
  const trialOf = async (id: number) =>
    (
      await db.pool.query<{ trial_ends_at: Date | null; approved_by: number | null }>(
        'SELECT trial_ends_at, approved_by FROM users WHERE id = $1',
        [id],
      )
    ).rows[0];
  const daysLeft = (d: Date | null | undefined) => ((d?.getTime() ?? 0) - Date.now()) / DAY;
  const login = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });

  it('an edit of status to active approves a pending account as /approve does', async () => {
    const p = await makeUser(db.pool, { status: 'pending', accountType: 'DEMO', session: false });
    const res = await as(admin, 'PUT', `/users/${p.id}`, { status: 'active' });
    expect(res.statusCode).toBe(200);
    const user = res.json<{ user: { status: string; trial_ends_at: string | null } }>().user;
    expect(user.status).toBe('active');
    expect(daysLeft(new Date(user.trial_ends_at ?? 0))).toBeGreaterThan(6.99);
    const row = await trialOf(p.id);
    expect(daysLeft(row?.trial_ends_at)).toBeLessThanOrEqual(7);
    expect(row?.approved_by).toBe(admin.id);
    expect(await audit('user.approve', p.id)).toEqual([
      { actor_user_id: admin.id, meta: { account_type: 'DEMO' } },
    ]);
    await t.smtp.waitFor((m) => m.to.includes(p.email) && m.subject === 'Vórtex: conta aprovada');
    expect((await login(p.email)).statusCode).toBe(200);
  });

  it('an account made DEMO while active, or activated and made DEMO at once, starts it', async () => {
    const real = await makeUser(db.pool, { accountType: 'REAL', session: false });
    await as(admin, 'PUT', `/users/${real.id}`, { account_type: 'demo' });
    expect(daysLeft((await trialOf(real.id))?.trial_ends_at)).toBeGreaterThan(6.99);
    const pending = await makeUser(db.pool, {
      status: 'pending',
      accountType: 'REAL',
      session: false,
    });
    await as(admin, 'PUT', `/users/${pending.id}`, { status: 'active', account_type: 'DEMO' });
    expect(daysLeft((await trialOf(pending.id))?.trial_ends_at)).toBeGreaterThan(6.99);
  });

  it('a suspended or rejected account that never had a trial starts it when activated', async () => {
    const pending = await makeUser(db.pool, { status: 'pending', accountType: 'DEMO' });
    await as(admin, 'PUT', `/users/${pending.id}`, { status: 'suspended' });
    expect((await trialOf(pending.id))?.trial_ends_at).toBeNull();
    await as(admin, 'PUT', `/users/${pending.id}`, { status: 'active' });
    expect(daysLeft((await trialOf(pending.id))?.trial_ends_at)).toBeGreaterThan(6.99);

    const rejected = await makeUser(db.pool, { status: 'pending', accountType: 'DEMO' });
    await as(admin, 'PUT', `/users/${rejected.id}/reject`);
    await as(admin, 'PUT', `/users/${rejected.id}`, { status: 'active' });
    expect(daysLeft((await trialOf(rejected.id))?.trial_ends_at)).toBeGreaterThan(6.99);
    expect(await audit('user.approve', rejected.id)).toHaveLength(1);
  });

  it('reactivating never renews a trial, and an ended one stays ended', async () => {
    const u = await makeUser(db.pool, { accountType: 'DEMO', session: false });
    const ended = new Date(Date.now() - DAY);
    await db.pool.query('UPDATE users SET trial_ends_at = $2 WHERE id = $1', [u.id, ended]);
    await as(admin, 'PUT', `/users/${u.id}`, { status: 'suspended' });
    await as(admin, 'PUT', `/users/${u.id}`, { status: 'active' });
    await as(admin, 'PUT', `/users/${u.id}`, { account_type: 'REAL' });
    await as(admin, 'PUT', `/users/${u.id}`, { account_type: 'DEMO' });
    expect((await trialOf(u.id))?.trial_ends_at).toEqual(ended);
    expect((await login(u.email)).json()).toEqual({
      success: false,
      error: loginMessages.trialEnded,
    });
  });
});
