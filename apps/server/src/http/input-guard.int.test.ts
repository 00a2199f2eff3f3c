import { describe, expect, it, type TestDatabase } from '../../test/fixture.js';
import { freshAddress } from '../../test/requests.js';
import { z } from 'zod';
import { oneRow } from '../db/rows.js';

/** The requests that answered 500 with a NUL in a field (issue 13, finding 2), and their kin. */

/** The field by its pt-BR label; an unknown key is not echoed back. */
const refusal = (label: string) => ({
  success: false,
  error: label
    ? `Dados inválidos. ${label}: não pode conter caracteres de controle.`
    : 'Dados inválidos. Nenhum campo pode conter caracteres de controle.',
});

const counts = async (db: TestDatabase) =>
  (
    await oneRow(
      db.pool,
      z.object({ c: z.string().nullable() }),
      `SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM sessions) || '/' ||
              (SELECT count(*) FROM client_logs) || '/' || (SELECT count(*) FROM bridge_tokens) ||
              '/' || (SELECT md5(string_agg(u::text, ',' ORDER BY id)) FROM users u) AS c`,
    )
  ).c;

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

/** Each request from an address of its own: registrations are limited per address. */
const from = () => ({ remoteAddress: freshAddress() });

describe('control characters in any field', () => {
  it.for([
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
  ] as [string, string, object, string][])(
    '%s: 400 in pt-BR, nothing written',
    async ([, url, payload, field], { db, api }) => {
      const before = await counts(db);
      const res = await api.post(url, payload, from());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refusal(field));
      expect(await counts(db)).toBe(before);
    },
  );

  it('self-edit full_name and phone, and a bridge token label', async ({ db, api, trader }) => {
    const before = await counts(db);
    for (const [field, value, label] of [
      ['full_name', 'Ana\u0000', 'Nome completo'],
      ['phone', '11\u000091234', 'Telefone'],
      ['full_name', 'Ana\u007f', 'Nome completo'],
    ] as const) {
      const res = await api.as(trader).put(`/users/${trader.id}`, { [field]: value }, from());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refusal(label));
    }
    const label = await api
      .as(trader)
      .post('/bridge/token/create', { label: 'casa\u0000' }, from());
    expect(label.statusCode, label.body).toBe(400);
    expect(label.json()).toEqual(refusal('Rótulo'));
    expect(await counts(db)).toBe(before);
  });

  it('query strings and path parameters, nested fields and DEL alike', async ({
    api,
    trader,
    admin,
  }) => {
    const query = await api.as(trader).get('/dashboard/stats?start=2024-01-01%00');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refusal('Início'));
    const param = await api.as(trader).put(`/users/${trader.id}%01`, { full_name: 'Ana' });
    expect(param.json()).toEqual(refusal('Identificador'));
    const nested = await api
      .as(admin)
      .post(
        '/communication/send-manual',
        { type: 'email', recipients: ['ok@teste.vortex.local', 'b\u001b@x.com'], message: 'oi' },
        from(),
      );
    expect(nested.json()).toEqual(refusal('Destinatários › item 2'));
  });

  it('free text keeps its tabs and line breaks; a one-line field refuses them', async ({
    db,
    api,
    trader,
  }) => {
    const log = await api.post(
      '/api/client-log',
      {
        level: 'error',
        message: 'linha 1\r\nlinha 2\tfim',
        stack: 'Error: x\n    at y (z.js:1:1)',
      },
      from(),
    );
    expect(log.statusCode, log.body).toBe(201);
    const before = await counts(db);
    for (const [field, value] of [
      ['full_name', 'Ana\nSouza'],
      ['phone', '+55 11\t91234-5678'],
      ['email', 'ana\r@teste.vortex.local'],
    ] as const) {
      const res = await api.post('/auth/register', { ...REGISTER, [field]: value }, from());
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/caracteres de controle|email válido/);
      const edit = await api.as(trader).put(`/users/${trader.id}`, { [field]: value }, from());
      expect(edit.statusCode, `${field} ${edit.body}`).toBe(400);
    }
    expect(await counts(db)).toBe(before);
  });
});
