import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../test/identities.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/** The requests that answered 500 with a NUL in a field (issue 13, finding 2), and their kin. */
let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let trader: TestUser;
let admin: TestUser;
let ipSeq = 0;

/** The field by its pt-BR label; an unknown key is not echoed back. */
const refusal = (label: string) => ({
  success: false,
  error: label
    ? `Dados inválidos. ${label}: não pode conter caracteres de controle.`
    : 'Dados inválidos. Nenhum campo pode conter caracteres de controle.',
});

const counts = async () =>
  (
    await db.pool.query<{ c: string }>(
      `SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM sessions) || '/' ||
              (SELECT count(*) FROM client_logs) || '/' || (SELECT count(*) FROM bridge_tokens) ||
              '/' || (SELECT md5(string_agg(u::text, ',' ORDER BY id)) FROM users u) AS c`,
    )
  ).rows[0]?.c;

const REGISTER = {
  full_name: 'Ana Souza',
  email: 'ana.guard@teste.vortex.local',
  phone: '+55 11 91234-5678',
  date_of_birth: '1990-05-10',
  password: 'Senha@2026',
  account_type: 'demo',
  uses_mt5: true,
  broker: 'XP',
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  trader = await makeUser(db.pool, { role: 'trader' });
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

function post(url: string, payload: unknown, user?: TestUser, method: 'POST' | 'PUT' = 'POST') {
  return app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: `10.13.2.${++ipSeq}`,
    headers: user ? bearer(user.token) : {},
  });
}

describe('control characters in any field', () => {
  it.each([
    [
      'register full_name',
      '/auth/register',
      { ...REGISTER, full_name: 'N\u0000' },
      'Nome completo',
    ],
    ['register broker', '/auth/register', { ...REGISTER, broker: 'X\u0007P' }, 'Corretora'],
    ['login email', '/auth/login', { email: 'a\u0000@b.com', password: 'x' }, 'Email'],
    ['login password', '/auth/login', { email: 'a@b.com', password: 'Senha\u0000' }, 'Senha'],
    ['client log', '/api/client-log', { level: 'error', message: 'falha\u0000' }, 'Mensagem'],
    ['a key', '/api/client-log', { level: 'error', message: 'x', 'ua\u0000': '' }, ''],
  ])('%s: 400 in pt-BR, nothing written', async (_label, url, payload, field) => {
    const before = await counts();
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refusal(field));
    expect(await counts()).toBe(before);
  });

  it('self-edit full_name and phone, and a bridge token label', async () => {
    const before = await counts();
    for (const [field, value, label] of [
      ['full_name', 'Ana\u0000', 'Nome completo'],
      ['phone', '11\u000091234', 'Telefone'],
      ['full_name', 'Ana\u007f', 'Nome completo'],
    ] as const) {
      const res = await post(`/users/${trader.id}`, { [field]: value }, trader, 'PUT');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refusal(label));
    }
    const label = await post('/bridge/token/create', { label: 'casa\u0000' }, trader);
    expect(label.statusCode, label.body).toBe(400);
    expect(label.json()).toEqual(refusal('Rótulo'));
    expect(await counts()).toBe(before);
  });

  it('query strings and path parameters, nested fields and DEL alike', async () => {
    const query = await app.inject({
      url: '/dashboard/stats?start=2024-01-01%00',
      headers: bearer(trader.token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refusal('Início'));
    const param = await app.inject({
      method: 'PUT',
      url: `/users/${trader.id}%01`,
      payload: { full_name: 'Ana' },
      headers: bearer(trader.token),
    });
    expect(param.json()).toEqual(refusal('Identificador'));
    const nested = await post(
      '/communication/send-manual',
      { type: 'email', recipients: ['ok@teste.vortex.local', 'b\u001b@x.com'], message: 'oi' },
      admin,
    );
    expect(nested.json()).toEqual(refusal('Destinatários › item 2'));
  });

  it('free text keeps its tabs and line breaks; a one-line field refuses them', async () => {
    const log = await post('/api/client-log', {
      level: 'error',
      message: 'linha 1\r\nlinha 2\tfim',
      stack: 'Error: x\n    at y (z.js:1:1)',
    });
    expect(log.statusCode, log.body).toBe(201);
    const before = await counts();
    for (const [field, value] of [
      ['full_name', 'Ana\nSouza'],
      ['phone', '+55 11\t91234-5678'],
      ['email', 'ana\r@teste.vortex.local'],
    ] as const) {
      const res = await post('/auth/register', { ...REGISTER, [field]: value });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/caracteres de controle|email válido/);
      const edit = await post(`/users/${trader.id}`, { [field]: value }, trader, 'PUT');
      expect(edit.statusCode, `${field} ${edit.body}`).toBe(400);
    }
    expect(await counts()).toBe(before);
  });
});
