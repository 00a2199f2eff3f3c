import { DEFAULT_BOT_CONFIG, fieldLabels, registerMessages, zodPtBrMessages } from '@vortex/core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, type TestUser } from '../../test/fixture.js';
import { bearer } from '../../test/identities.js';
import {
  bodyTarget,
  leafPaths,
  routeTargets,
  validBodies,
  withValueAt,
  type JsonSchema,
  type Method,
  type RouteTarget,
} from '../../test/route-walk.js';

/**
 * Every validation message the server sends names fields as the screens do ('Data de
 * nascimento'), never by their wire keys (date_of_birth, alertTypes): each route of the route
 * table, its body, query and path fields read from the OpenAPI document, is sent wrong values
 * and every 400 it answers is read.
 */
let app: FastifyInstance;
let admin: TestUser;
let victim: TestUser;
let ipSeq = 0;
const ip = () => `10.77.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

type Target = RouteTarget;
// A wildcard names no field: it is a file path, not a value someone types.
const targets = () =>
  routeTargets(app).map((r) => ({ ...r, params: r.params.filter((p) => p !== '*') }));

/** Every property key a schema names, at any depth. */
function keysOf(s: JsonSchema | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const x of s[k] ?? []) keysOf(x, out);
  keysOf(s.items, out);
  if (typeof s.additionalProperties === 'object') keysOf(s.additionalProperties, out);
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    out.add(key);
    keysOf(child, out);
  }
  return out;
}

const pathOf = (target: Target, bad?: [string, string]) =>
  target.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(bad?.[0] === name ? bad[1] : String(victim.id)),
  );

async function errorOf(
  target: Target,
  parts: { path?: [string, string]; query?: Record<string, string>; payload?: string },
): Promise<string | undefined> {
  const opts: InjectOptions = {
    method: target.method,
    url: pathOf(target, parts.path),
    remoteAddress: ip(),
    headers: {
      ...bearer(admin.token),
      ...(parts.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.payload === undefined ? {} : { payload: parts.payload }),
  };
  const res = await app.inject(opts);
  if (res.statusCode === 401) throw new Error(`${target.url}: the admin's session was lost`);
  if (res.statusCode !== 400) return undefined;
  return res.json<{ error: string }>().error;
}

// A wire key (snake_case or camelCase), or a word of zod's English defaults.
const RAW_KEY = /\b[A-Za-z]+_[A-Za-z0-9_]*\b|\b[a-z]+[A-Z]\w*\b/;
const ENGLISH =
  /\b(Invalid|invalid|Expected|expected|Required|required|received|Unrecognized|undefined|string|number|boolean|object|array)\b/;
const WRONG_JSON = ['{}', '[]', '12345', '-1', '"x"', 'true', 'null', '1e308'];
const WRONG_TEXT = ['x', '-1', '99999999999999', '2020-13-45', ''];

/** Bodies that pass their schema, to make one nested value wrong at a time. */
const spoilableBodies = (): [Method, string, unknown][] => [
  // Not the login: a spoilt value that still passes is a 401, this walk's sign of a lost session.
  ...validBodies({ adminEmail: admin.email, victimId: victim.id }).filter(
    ([, url]) => url !== '/auth/login',
  ),
  ['POST', '/communication/send-manual', { type: 'email', recipients: 'all', message: 'oi' }],
];

it.beforeAll(async ({ app: givenApp, admin: givenAdmin, newUser }) => {
  [app, admin] = [givenApp, givenAdmin];
  victim = await newUser({ role: 'trader', session: false });
});

describe('validation messages', () => {
  it('every field a route takes, at any depth, has a pt-BR label', () => {
    const unlabelled = new Set<string>();
    for (const target of targets()) {
      const keys = [...keysOf(target.schema), ...target.query, ...target.params];
      for (const key of keys) if (!Object.hasOwn(fieldLabels, key)) unlabelled.add(key);
    }
    expect([...unlabelled]).toEqual([]);
  });

  it('no 400 of any route names a field by its key or speaks English', async () => {
    const seen: string[] = [];
    const bad: string[] = [];
    const check = (target: Target, what: string, error: string | undefined) => {
      if (error === undefined) return;
      seen.push(error);
      if (RAW_KEY.test(error) || ENGLISH.test(error))
        bad.push(`${target.method} ${target.url} ${what}: ${error}`);
    };
    for (const target of targets()) {
      if (target.body.length > 0) {
        check(target, '{}', await errorOf(target, { payload: '{}' }));
        check(target, 'extra', await errorOf(target, { payload: '{"campo_extra":1}' }));
        for (const field of target.body)
          for (const json of WRONG_JSON)
            check(
              target,
              `${field}=${json}`,
              await errorOf(target, { payload: `{${JSON.stringify(field)}:${json}}` }),
            );
      }
      for (const field of target.query)
        for (const text of WRONG_TEXT)
          check(target, `?${field}=${text}`, await errorOf(target, { query: { [field]: text } }));
      for (const param of target.params)
        for (const text of ['x', '-1'])
          check(target, `:${param}=${text}`, await errorOf(target, { path: [param, text] }));
    }
    for (const [method, url, base] of spoilableBodies()) {
      const target = bodyTarget(method, url);
      for (const path of leafPaths(base))
        for (const json of WRONG_JSON)
          check(
            target,
            `${path.join('.')}=${json}`,
            await errorOf(target, { payload: withValueAt(base, path, json) }),
          );
    }
    expect(bad).toEqual([]);
    // The walk met the messages it is about, not only refusals that name no field.
    expect(seen.length).toBeGreaterThan(500);
    expect(seen.some((e) => e.includes('Data de nascimento'))).toBe(true);
    expect(seen.some((e) => e.includes('Configuração › Fibonacci'))).toBe(true);
  });

  it('names the field in Portuguese and keeps the spec’s own sentences as they are', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/users/${victim.id}`,
        headers: bearer(admin.token),
        payload,
      });
    const future = await put({ date_of_birth: tomorrow });
    expect(future.json()).toEqual({
      success: false,
      error: `Dados inválidos. ${registerMessages.birthDateFuture}`,
    });
    const phone = await put({ phone: 5511 });
    expect(phone.json<{ error: string }>().error).toBe(
      'Dados inválidos. Telefone: Entrada inválida: esperava um texto, recebeu um número',
    );
    const status = await put({ status: 'approved' });
    expect(status.json<{ error: string }>().error).toBe(
      `Dados inválidos. Status: ${zodPtBrMessages.option}`,
    );
    const bot = await app.inject({
      method: 'POST',
      url: '/bot/config',
      headers: bearer(admin.token),
      payload: {
        ...DEFAULT_BOT_CONFIG,
        rsi_contrary: { ...DEFAULT_BOT_CONFIG.rsi_contrary, rsi_period: 1.5 },
      },
    });
    expect(bot.json<{ error: string }>().error).toBe(
      'Dados inválidos. RSI Contrário: Período do RSI deve ser um número inteiro.',
    );
  });
});
