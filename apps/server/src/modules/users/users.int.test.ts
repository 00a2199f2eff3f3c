import { communicationMessages, loginMessages, userAdminMessages as msg } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { TEST_PASSWORD, type makeUser } from '../../../test/identities.js';
import { maybeRow, rowsOf } from '../../db/rows.js';

// The file's fixtures, kept for the helpers below.
let db: TestDatabase;
let t: TestApp;
let api: Requests;
let admin: TestUser;
let newUser: (opts?: Parameters<typeof makeUser>[1]) => Promise<TestUser>;
it.beforeAll(({ db: database, t: testApp, api: requests, admin: firstAdmin, newUser: make }) => {
  [db, t, api, admin, newUser] = [database, testApp, requests, firstAdmin, make];
});

const AuditSchema = z.object({
  actor_user_id: z.number(),
  meta: z.record(z.string(), z.unknown()),
});
const audit = (action: string, target: number) =>
  rowsOf(
    db.pool,
    AuditSchema,
    'SELECT actor_user_id, meta FROM audit_log WHERE action = $1 AND target_user_id = $2',
    [action, target],
  );

describe('user administration', () => {
  it('lists users for the admin, never with password hashes', async () => {
    const res = await api.as(admin).get('/users');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ users: { id: number }[]; data: unknown[] }>();
    expect(body.users.some((u) => u.id === admin.id)).toBe(true);
    expect(body.data).toEqual(body.users);
    expect(res.body).not.toContain('argon2');
  });

  it('approves a pending DEMO account: active, 7-day trial, audit, mail; then it logs in', async () => {
    const p = await newUser({ status: 'pending', accountType: 'DEMO', session: false });
    const res = await api.as(admin).put(`/users/${p.id}/approve`);
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
    const login = await api.login(p.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect((await api.as(admin).put(`/users/${p.id}/approve`)).statusCode).toBe(409);
  });

  it('rejects a pending account, which then cannot log in', async () => {
    const p = await newUser({ status: 'pending', session: false });
    const res = await api.as(admin).put(`/users/${p.id}/reject`);
    expect(res.json()).toEqual({ success: true, message: msg.rejected });
    const login = await api.login(p.email, TEST_PASSWORD);
    expect(login.json()).toEqual({ success: false, error: loginMessages.rejected });
    expect(await audit('user.reject', p.id)).toHaveLength(1);
  });

  it('edits a user and records which fields changed', async () => {
    const u = await newUser();
    const res = await api.as(admin).put(`/users/${u.id}`, {
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
    const a = await newUser();
    const b = await newUser();
    expect(
      (await api.as(admin).put(`/users/${a.id}`, { email: b.email.toUpperCase() })).json(),
    ).toEqual({ success: false, error: msg.emailTaken });
    expect((await api.as(admin).put(`/users/${a.id}`, { username: b.username })).statusCode).toBe(
      409,
    );
  });

  it('changes roles, and never removes the last active admin', async () => {
    const u = await newUser();
    const res = await api.as(admin).post(`/users/${u.id}/role`, { role: 'trader' });
    expect(res.json<{ message: string; user: { role: string } }>()).toMatchObject({
      message: msg.roleChanged,
      user: { role: 'trader' },
    });
    expect(await audit('user.role', u.id)).toEqual([
      { actor_user_id: admin.id, meta: { from: 'user', to: 'trader' } },
    ]);
    const demote = await api.as(admin).post(`/users/${admin.id}/role`, { role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ success: false, error: msg.lastAdmin });
    expect(
      (await api.as(admin).put(`/users/${admin.id}`, { status: 'suspended' })).statusCode,
    ).toBe(400);
  });

  it('deletes a user (audited) but never the admin themself', async () => {
    const u = await newUser();
    expect((await api.as(admin).del(`/users/${u.id}`)).json()).toEqual({
      success: true,
      message: msg.deleted,
    });
    expect((await api.as(admin).del(`/users/${u.id}`)).statusCode).toBe(404);
    expect(await audit('user.delete', u.id)).toHaveLength(1);
    expect((await api.as(admin).del(`/users/${admin.id}`)).json()).toEqual({
      success: false,
      error: msg.cannotDeleteSelf,
    });
  });

  it('sends a real test email, and SMS and WhatsApp only to a user with a phone', async () => {
    const u = await newUser();
    const all = await api.as(admin).post(`/users/${u.id}/test`);
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
    const sms = await api.as(admin).post(`/users/${u.id}/test/sms`);
    expect(sms.json<{ success: boolean; results: object }>()).toEqual({
      success: true,
      message: 'Teste enviado.',
      results: { sms: { success: true, status: 'sent' } },
    });
    const whatsapp = await api.as(admin).post(`/users/${u.id}/test/whatsapp`);
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
    const rows = await rowsOf(
      db.pool,
      z.object({ channel: z.string(), recipient: z.string() }),
      `SELECT channel, recipient FROM messages WHERE user_id = $1 ORDER BY created_at`,
      [u.id],
    );
    expect(rows).toEqual([{ channel: 'sms', recipient: '5521998765432' }]);
    expect(await audit('user.test', u.id)).toHaveLength(3);
  });
});

describe('a user and their own data', () => {
  it('may change their own personal fields only', async () => {
    const u = await newUser();
    const own = await api.as(u).put(`/users/${u.id}`, {
      full_name: 'Eu Mesmo',
      phone: '+55 21 99999-0000',
    });
    expect(own.statusCode).toBe(200);
    const role = await api.as(u).put(`/users/${u.id}`, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ success: false, error: msg.ownFieldsOnly });
    const other = await api.as(u).put(`/users/${admin.id}`, { full_name: 'Hacker' });
    expect(other.statusCode).toBe(403);
    const rows = await rowsOf(
      db.pool,
      z.object({ role: z.string(), full_name: z.string() }),
      'SELECT role, full_name FROM users WHERE id = ANY($1) ORDER BY id',
      [[admin.id, u.id]],
    );
    expect(rows.map((r) => r.role)).toEqual(['admin', 'user']);
    expect(rows[0]?.full_name).not.toBe('Hacker');
  });
});

describe('every path that activates a DEMO account starts its trial', () => {
  const DAY = 86_400_000;
  const TrialSchema = z.object({
    trial_ends_at: z.date().nullable(),
    approved_by: z.number().nullable(),
  });
  const trialOf = (id: number) =>
    maybeRow(db.pool, TrialSchema, 'SELECT trial_ends_at, approved_by FROM users WHERE id = $1', [
      id,
    ]);
  const daysLeft = (d: Date | null | undefined) => ((d?.getTime() ?? 0) - Date.now()) / DAY;
  const login = (email: string) => api.login(email, TEST_PASSWORD);

  it('an edit of status to active approves a pending account as /approve does', async () => {
    const p = await newUser({ status: 'pending', accountType: 'DEMO', session: false });
    const res = await api.as(admin).put(`/users/${p.id}`, { status: 'active' });
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
    const real = await newUser({ accountType: 'REAL', session: false });
    await api.as(admin).put(`/users/${real.id}`, { account_type: 'demo' });
    expect(daysLeft((await trialOf(real.id))?.trial_ends_at)).toBeGreaterThan(6.99);
    const pending = await newUser({
      status: 'pending',
      accountType: 'REAL',
      session: false,
    });
    await api.as(admin).put(`/users/${pending.id}`, { status: 'active', account_type: 'DEMO' });
    expect(daysLeft((await trialOf(pending.id))?.trial_ends_at)).toBeGreaterThan(6.99);
  });

  it('a suspended or rejected account that never had a trial starts it when activated', async () => {
    const pending = await newUser({ status: 'pending', accountType: 'DEMO' });
    await api.as(admin).put(`/users/${pending.id}`, { status: 'suspended' });
    expect((await trialOf(pending.id))?.trial_ends_at).toBeNull();
    await api.as(admin).put(`/users/${pending.id}`, { status: 'active' });
    expect(daysLeft((await trialOf(pending.id))?.trial_ends_at)).toBeGreaterThan(6.99);

    const rejected = await newUser({ status: 'pending', accountType: 'DEMO' });
    await api.as(admin).put(`/users/${rejected.id}/reject`);
    await api.as(admin).put(`/users/${rejected.id}`, { status: 'active' });
    expect(daysLeft((await trialOf(rejected.id))?.trial_ends_at)).toBeGreaterThan(6.99);
    expect(await audit('user.approve', rejected.id)).toHaveLength(1);
  });

  it('reactivating never renews a trial, and an ended one stays ended', async () => {
    const u = await newUser({ accountType: 'DEMO', session: false });
    const ended = new Date(Date.now() - DAY);
    await db.pool.query('UPDATE users SET trial_ends_at = $2 WHERE id = $1', [u.id, ended]);
    await api.as(admin).put(`/users/${u.id}`, { status: 'suspended' });
    await api.as(admin).put(`/users/${u.id}`, { status: 'active' });
    await api.as(admin).put(`/users/${u.id}`, { account_type: 'REAL' });
    await api.as(admin).put(`/users/${u.id}`, { account_type: 'DEMO' });
    expect((await trialOf(u.id))?.trial_ends_at).toEqual(ended);
    expect((await login(u.email)).json()).toEqual({
      success: false,
      error: loginMessages.trialEnded,
    });
  });
});
