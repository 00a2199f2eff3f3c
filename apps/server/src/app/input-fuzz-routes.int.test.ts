import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../test/fixture.js';
import { changedTables, dbFingerprint } from '../../test/db-fingerprint.js';
import {
  keyControlChar,
  objectText,
  poisonedText,
  poisonJson,
  poisonText,
} from '../../test/fuzz-values.js';
import { bearer } from '../../test/identities.js';
import {
  bodyTarget,
  leafPaths,
  routeTargets,
  validBodies,
  withValueAt,
  type RouteTarget,
} from '../../test/route-walk.js';

/**
 * Every route the app registers (read from its route table and its OpenAPI document, so a
 * route added later is fuzzed too), called by an admin, who may call them all: a control
 * character anywhere is a 400 from the input guard; huge and non-finite numbers, impossible
 * dates and oversized strings in the route's own fields are never a 5xx; and no refusal writes
 * a thing (database fingerprint). Runs: 10 + 20 per route and 30 per valid body poisoned, about
 * 2,500 requests in some 15 s on 2 cores; raise numRuns locally to search harder.
 */
let db: TestDatabase;
let app: FastifyInstance;
let admin: TestUser;
let victim: TestUser;
let ipSeq = 0;
const ip = () =>
  `10.${Math.floor(++ipSeq / 62_500) % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

// Attempt counters record attempts whatever their answer (registrations per address, login
// failures): by design they move on a refusal.
const COUNTERS = ['rate_events', 'login_failures'];

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const targets = () => routeTargets(app);

/** Values each path parameter takes when it is not the one fuzzed: well-formed, harmless. */
function paramValue(target: RouteTarget, name: string): string {
  if (name === '*') return 'index.html';
  if (name === 'channel') return 'email';
  if (name === 'token') return 'a'.repeat(43);
  if (name === 'filename') return 'vortex-backup-20260101-020000-abcd.sql.gz';
  if (/claim|installer/.test(target.url)) return randomUUID();
  return String(victim.id);
}

function pathOf(target: RouteTarget, fuzzed?: [string, string]): string {
  const fill = (name: string) =>
    encodeURIComponent(fuzzed?.[0] === name ? fuzzed[1] : paramValue(target, name));
  return target.url.replace(/:(\w+)/g, (_, name: string) => fill(name)).replace('*', fill('*'));
}

interface Answer {
  status: number;
  body: string;
}
async function call(
  target: RouteTarget,
  parts: { path?: [string, string]; query?: Record<string, string>; payload?: string },
): Promise<Answer> {
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
  return { status: res.statusCode, body: res.body };
}

const label = (target: RouteTarget) => `${target.method} ${target.url}`;
const errorOf = (a: Answer) => {
  try {
    return (JSON.parse(a.body) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
};

/** Runs a property per route and gathers every route's counterexample, not only the first. */
async function eachRoute(
  list: RouteTarget[],
  property: (target: RouteTarget) => fc.IAsyncProperty<[unknown]> | undefined,
  numRuns: number,
): Promise<string[]> {
  const failures: string[] = [];
  for (const target of list) {
    const prop = property(target);
    if (!prop) continue;
    const out = await fc.check(prop, { numRuns });
    if (out.failed) failures.push(`${label(target)}: ${fc.defaultReportMessage(out)}`);
  }
  return failures;
}

it.beforeAll(async ({ db: givenDb, app: givenApp, admin: givenAdmin, newUser }) => {
  [db, app, admin] = [givenDb, givenApp, givenAdmin];
  victim = await newUser({ role: 'trader', session: false });
});

describe('fuzz over every route', () => {
  it('covers the route table', () => {
    expect(targets().length).toBeGreaterThan(60);
  });

  it('a control character in a parameter, the query or the body is a 400, and writes nothing', async () => {
    const failures = await eachRoute(
      targets(),
      (target) => {
        const fields = [...target.body, ...target.query, 'x'];
        const where = fc.constantFrom(
          'query value',
          'query key',
          ...(WITH_BODY.has(target.method) ? ['body value', 'body key', 'nested'] : []),
          ...(target.params.length > 0 ? ['param'] : []),
        );
        const input = fc.record({
          where,
          field: fc.oneof(fc.constantFrom(...fields), fc.string({ minLength: 1, maxLength: 8 })),
          text: poisonedText,
          keyChar: keyControlChar,
          param: fc.constantFrom(...(target.params.length > 0 ? target.params : ['-'])),
        });
        return fc.asyncProperty(input, async ({ where, field, text, keyChar, param }) => {
          const before = await dbFingerprint(db.pool, COUNTERS);
          const res = await call(target, {
            ...(where === 'param' ? { path: [param, text] as [string, string] } : {}),
            ...(where === 'query value' ? { query: { [field]: text } } : {}),
            ...(where === 'query key' ? { query: { [`${field}${keyChar}`]: '1' } } : {}),
            ...(where === 'body value'
              ? { payload: objectText([[field, JSON.stringify(text)]]) }
              : {}),
            ...(where === 'body key' ? { payload: objectText([[`${field}${keyChar}`, '1']]) } : {}),
            ...(where === 'nested'
              ? { payload: objectText([[field, JSON.stringify({ a: [1, { b: text }] })]]) }
              : {}),
          });
          if (res.status !== 400 || !/caracteres de controle\.$/.test(String(errorOf(res))))
            throw new Error(`${where}: ${res.status} ${res.body.slice(0, 200)}`);
          const changed = changedTables(before, await dbFingerprint(db.pool, COUNTERS));
          if (changed.length > 0) throw new Error(`${where}: wrote to ${changed.join(', ')}`);
        });
      },
      10,
    );
    expect(failures).toEqual([]);
  });

  it('huge, non-finite, impossible or oversized values in its fields: never a 5xx, and a refusal writes nothing', async () => {
    const failures = await eachRoute(
      targets(),
      (target) => {
        const spots = [
          ...(target.body.length > 0 ? ['body'] : []),
          ...(target.query.length > 0 ? ['query'] : []),
          ...(target.params.length > 0 ? ['param'] : []),
        ];
        if (spots.length === 0) return undefined;
        const names = (list: string[]) => {
          const some = list.length > 0 ? list : ['-'];
          return fc.subarray(some, { minLength: 1, maxLength: Math.min(3, some.length) });
        };
        const input = fc.record({
          where: fc.constantFrom(...spots),
          bodyFields: names(target.body),
          queryFields: names(target.query),
          param: fc.constantFrom(...(target.params.length > 0 ? target.params : ['-'])),
          json: fc.array(poisonJson, { minLength: 3, maxLength: 3 }),
          text: fc.array(poisonText, { minLength: 3, maxLength: 3 }),
        });
        return fc.asyncProperty(input, async (v) => {
          const before = await dbFingerprint(db.pool, COUNTERS);
          const res = await call(target, {
            ...(v.where === 'body'
              ? { payload: objectText(v.bodyFields.map((f, i) => [f, v.json[i] ?? 'null'])) }
              : {}),
            ...(v.where === 'query'
              ? { query: Object.fromEntries(v.queryFields.map((f, i) => [f, v.text[i] ?? ''])) }
              : {}),
            ...(v.where === 'param'
              ? { path: [v.param, v.text[0] ?? ''] as [string, string] }
              : {}),
          });
          if (res.status >= 500)
            throw new Error(`${v.where}: ${res.status} ${res.body.slice(0, 200)}`);
          if (res.status < 400) return;
          const error = String(errorOf(res));
          // Our messages and zod's pt-BR locale; never an English default leaking through.
          if (/\b(Invalid input|Expected|Required|Unrecognized|must be)\b/.test(error))
            throw new Error(`${v.where}: English error ${error}`);
          const changed = changedTables(before, await dbFingerprint(db.pool, COUNTERS));
          if (changed.length > 0)
            throw new Error(`${v.where}: ${res.status} yet wrote to ${changed.join(', ')}`);
        });
      },
      20,
    );
    expect(failures).toEqual([]);
  });

  it('a valid body with one value poisoned: never a 5xx, a refusal writes nothing, every read still answers', async () => {
    const failures: string[] = [];
    for (const [method, url, base] of validBodies({
      adminEmail: admin.email,
      victimId: victim.id,
    })) {
      const target = bodyTarget(method, url);
      const input = fc.tuple(fc.constantFrom(...leafPaths(base)), poisonJson);
      const out = await fc.check(
        fc.asyncProperty(input, async ([path, poison]) => {
          const before = await dbFingerprint(db.pool, COUNTERS);
          const res = await call(target, { payload: withValueAt(base, path, poison) });
          const where = path.join('.');
          if (res.status >= 500)
            throw new Error(`${where}: ${res.status} ${res.body.slice(0, 200)}`);
          if (res.status < 400) return;
          const changed = changedTables(before, await dbFingerprint(db.pool, COUNTERS));
          if (changed.length > 0)
            throw new Error(`${where}: ${res.status} yet wrote to ${changed.join(', ')}`);
        }),
        { numRuns: 30 },
      );
      if (out.failed) failures.push(`${method} ${url}: ${fc.defaultReportMessage(out)}`);
    }
    // The bases pass validation as they stand (what answers then may still be a 401, 404 or
    // 409: a wrong password, no account yet), so what was refused above was its poison.
    for (const [method, url, base] of validBodies({
      adminEmail: admin.email,
      victimId: victim.id,
    })) {
      const target = bodyTarget(method, url);
      const res = await call(target, { payload: JSON.stringify(base) });
      if (res.status === 400 || res.status >= 500)
        failures.push(`${method} ${url} as is: ${res.status} ${res.body.slice(0, 200)}`);
    }
    // Whatever was accepted (a huge number within a field's bounds) is read back by every screen.
    for (const target of targets()) {
      if (target.method !== 'GET' || target.params.length > 0) continue;
      if (['/bridge/events', '/bridge/agent', '/api/bridge/ws'].includes(target.url)) continue;
      const res = await call(target, {});
      if (res.status >= 500) failures.push(`${label(target)} afterwards: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
