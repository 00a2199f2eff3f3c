import { registerMessages as m, todayIso } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../test/identities.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { tradingApiMessages } from '../modules/trading/trading.messages.js';

/** Impossible and future birth dates, and query dates only Date.parse would guess at. */
let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let trader: TestUser;
let ipSeq = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  trader = await makeUser(db.pool, { role: 'trader' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const birthDateOf = async (id: number) =>
  (
    await db.pool.query<{ d: string | null }>(
      "SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS d FROM users WHERE id = $1",
      [id],
    )
  ).rows[0]?.d;

const tomorrow = () => todayIso(new Date(Date.now() + 86_400_000));

describe('birth dates: the same rules on registration and on self-edit', () => {
  const edit = (date_of_birth: string | null) =>
    app.inject({
      method: 'PUT',
      url: `/users/${trader.id}`,
      headers: bearer(trader.token),
      payload: { date_of_birth },
    });
  const register = (date_of_birth: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: `10.13.3.${++ipSeq}`,
      payload: {
        full_name: 'Ana Souza',
        email: `ana.datas${ipSeq}@teste.vortex.local`,
        phone: '+55 11 91234-5678',
        date_of_birth,
        password: 'Senha@2026',
        account_type: 'demo',
        uses_mt5: true,
        broker: 'XP',
      },
    });

  it.each([
    ['an impossible day', '2020-13-45', m.birthDateInvalid],
    ['year 0', '0000-01-01', m.birthDateInvalid],
    ['tomorrow', tomorrow(), m.birthDateFuture],
  ])('%s: 400 in pt-BR on both, nothing stored', async (_name, value, message) => {
    expect((await edit('1990-05-10')).statusCode).toBe(200);
    for (const res of [await edit(value), await register(value)]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: `Dados inválidos. ${message}`,
      });
    }
    expect(await birthDateOf(trader.id)).toBe('1990-05-10');
    const registered = await db.pool.query("SELECT 1 FROM users WHERE email LIKE 'ana.datas%'");
    expect(registered.rowCount).toBe(0);
  });

  it('an edit stores a real day and clears it with ""', async () => {
    expect((await edit('2000-02-29')).statusCode).toBe(200);
    expect(await birthDateOf(trader.id)).toBe('2000-02-29');
    expect((await edit('')).statusCode).toBe(200);
    expect(await birthDateOf(trader.id)).toBeNull();
  });
});

describe('query dates are read strictly', () => {
  const get = (url: string) => app.inject({ url, headers: bearer(trader.token) });

  it.each([
    ['/dashboard/stats?start=', 'start'],
    ['/dashboard/stats?end=', 'end'],
    ['/bridge/trades?start_date=', 'start'],
    ['/bridge/trades?end_date=', 'end'],
  ] as const)('%s…: 400 for what Date.parse would guess', async (prefix, which) => {
    for (const text of ['hello 99', 'Jan 1 2024', '2024-01-01T10:00:00', '0099-01-01']) {
      const res = await get(`${prefix}${encodeURIComponent(text)}`);
      expect(res.statusCode, `${text} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: which === 'start' ? tradingApiMessages.invalidStart : tradingApiMessages.invalidEnd,
      });
    }
    expect((await get(`${prefix}2024-01-01T10:00:00-03:00`)).statusCode).toBe(200);
  });
});

describe('a value only PostgreSQL refuses', () => {
  it('is a 400, not a 500: year 0 passes the audit search schema, no timestamp holds it', async () => {
    const admin = await makeUser(db.pool, { role: 'admin' });
    const res = await app.inject({
      url: '/api/bridge/audit/search?from=0000-01-01T00:00:00Z',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Requisição inválida.' });
  });
});
