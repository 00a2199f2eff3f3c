import { registerMessages as m } from '@vortex/core';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { freshAddress } from '../../../test/requests.js';

let db: TestDatabase;
let api: Requests;

const valid = (over: Record<string, unknown> = {}) => ({
  full_name: 'João da Silva',
  username: 'ignored_by_server',
  email: `joao.silva+${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  phone: '+55 11 91234-5678',
  date_of_birth: '1990-05-17',
  password: 'Forte@2026',
  account_type: 'demo',
  uses_mt5: true,
  broker: 'XP Investimentos',
  ...over,
});

const register = (payload: unknown, remoteAddress = freshAddress()) =>
  api.post('/auth/register', payload, { remoteAddress });

it.beforeAll(({ db: givenDb, api: givenApi }) => {
  [db, api] = [givenDb, givenApi];
});

describe('POST /auth/register', () => {
  it('creates a pending DEMO account with a username derived from the email', async () => {
    const res = await register(valid({ email: 'Cecilia.Souza@Exemplo.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: m.created,
      user: { email: 'Cecilia.Souza@Exemplo.com', username: 'cecilia_souza', account_type: 'DEMO' },
    });
    const { rows } = await db.pool.query(
      "SELECT status, role, account_type, trial_ends_at, password_hash LIKE '$argon2id$%' AS hashed FROM users WHERE username = 'cecilia_souza'",
    );
    expect(rows[0]).toEqual({
      status: 'pending',
      role: 'user',
      account_type: 'DEMO',
      trial_ends_at: null,
      hashed: true,
    });
  });

  it('makes a taken username unique with a suffix', async () => {
    await register(valid({ email: 'maria@a.com' }));
    const second = await register(valid({ email: 'maria@b.com' }));
    const third = await register(valid({ email: 'maria@c.com' }));
    expect(second.json<{ user: { username: string } }>().user.username).toBe('maria2');
    expect(third.json<{ user: { username: string } }>().user.username).toBe('maria3');
  });

  it('answers a duplicate email, in any case, with 409 and creates nothing', async () => {
    await register(valid({ email: 'dup@exemplo.com' }));
    const before = await db.pool.query('SELECT count(*)::int AS n FROM users');
    const res = await register(valid({ email: 'DUP@Exemplo.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: m.emailTaken });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM users')).rows).toEqual(before.rows);
  });

  it.each([
    ['a short password', { password: 'Ab@1' }, m.passwordMin],
    ['a password without a special character', { password: 'Abcdefg1' }, m.passwordStrength],
    ['a missing full name', { full_name: '' }, m.requiredFields],
    ['a birth date in the future', { date_of_birth: '2999-01-01' }, m.birthDateFuture],
    ['a missing birth date', { date_of_birth: '' }, m.birthDateRequired],
    ['not using MT5', { uses_mt5: false }, m.usesMt5Required],
    ['a one-letter broker', { broker: 'X' }, m.brokerMin],
  ])('refuses %s with the spec message', async (_name, over, message) => {
    const res = await register(valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('limits registrations per address', async () => {
    const address = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await register(valid(), address)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('counts attempts with registered emails too: the 6th in the hour is 429', async () => {
    const taken = valid().email;
    expect((await register(valid({ email: taken }))).statusCode).toBe(201);
    const address = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await register(valid({ email: taken.toUpperCase() }), address)).statusCode);
    }
    expect(codes).toEqual([409, 409, 409, 409, 409, 429]);
    const res = await register(valid(), address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, error: m.tooMany });
  });

  it('counts refused payloads too, even ones that are not JSON', async () => {
    const address = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await register(valid({ uses_mt5: false }), address)).statusCode);
    const broken = await api.post('/auth/register', '{"email": ', {
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
    });
    codes.push(broken.statusCode, (await register(valid(), address)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    // The hour passes and the address may register again.
    await db.pool.query(
      "UPDATE rate_events SET created_at = now() - interval '61 minutes' WHERE key = $1",
      [address],
    );
    expect((await register(valid(), address)).statusCode).toBe(201);
  });

  it('counts parallel attempts before doing any work: 5 answered, the rest 429', async () => {
    const address = freshAddress();
    const codes = await Promise.all(
      Array.from({ length: 8 }, async () => (await register(valid(), address)).statusCode),
    );
    expect(codes.sort((a, b) => a - b)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('refuses unknown and prototype-polluting fields', async () => {
    const res = await api.post(
      '/auth/register',
      JSON.stringify(valid()).replace('{', '{"role":"admin",'),
      {
        remoteAddress: freshAddress(),
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.statusCode).toBe(400);
    const polluted = await api.post(
      '/auth/register',
      JSON.stringify(valid()).replace('{', '{"__proto__":{"role":"admin"},'),
      {
        remoteAddress: freshAddress(),
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(polluted.statusCode).toBe(400);
  });
});
