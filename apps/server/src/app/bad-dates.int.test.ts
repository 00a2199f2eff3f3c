import { registerMessages as m, todayIso } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../test/fixture.js';
import { makeUser } from '../../test/identities.js';
import { maybeRow } from '../db/rows.js';
import { tradingApiMessages } from '../modules/trading/trading.messages.js';

/** Impossible and future birth dates, and query dates only Date.parse would guess at. */
let api: Requests;
let db: TestDatabase;
let trader: TestUser;
let ipSeq = 0;

it.beforeAll(({ db: givenDb, api: givenApi, trader: givenTrader }) => {
  [db, api, trader] = [givenDb, givenApi, givenTrader];
});

const birthDateOf = async (id: number) =>
  (
    await maybeRow(
      db.pool,
      z.object({ d: z.string().nullable() }),
      "SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS d FROM users WHERE id = $1",
      [id],
    )
  )?.d;

const tomorrow = () => todayIso(new Date(Date.now() + 86_400_000));

describe('birth dates: the same rules on registration and on self-edit', () => {
  const edit = (date_of_birth: string | null) =>
    api.as(trader).put(`/users/${trader.id}`, { date_of_birth });
  const register = (date_of_birth: string) => {
    const n = ++ipSeq;
    return api.post(
      '/auth/register',
      {
        full_name: 'Ana Souza',
        email: `ana.datas${n}@teste.vortex.local`,
        phone: '+55 11 91234-5678',
        date_of_birth,
        password: 'Senha@2026',
        account_type: 'demo',
        uses_mt5: true,
        broker: 'XP',
      },
      { remoteAddress: `10.13.3.${n}` },
    );
  };

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
  const get = (url: string) => api.as(trader).get(url);

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
    const res = await api.as(admin).get('/api/bridge/audit/search?from=0000-01-01T00:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Requisição inválida.' });
  });
});
