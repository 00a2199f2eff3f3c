import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../test/identities.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { openSession } from '../modules/auth/session.service.js';
import type { RouteEntry } from './access.js';

/**
 * Every registered route × every kind of caller, generated from the route table, so a route
 * added by any later feature is covered without anyone listing it here.
 */
const CALLERS = ['anonymous', 'pending', 'viewer', 'user', 'trader', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
const identities = new Map<Caller, TestUser>();

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  identities.set('pending', await makeUser(db.pool, { status: 'pending' }));
  for (const role of ['viewer', 'user', 'trader', 'admin'] as const)
    identities.set(role, await makeUser(db.pool, { role }));
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** Fills the path: the caller's own id for self-service routes, a throwaway user otherwise. */
async function concreteUrl(route: RouteEntry, caller: TestUser | undefined): Promise<string> {
  let url = route.url === '*' ? '/health' : route.url.replace(/\*$/, 'json');
  if (url.includes(':id')) {
    const id =
      route.access === 'authenticated' && caller
        ? caller.id
        : (await makeUser(db.pool, { session: false })).id;
    url = url.replace(':id', String(id));
  }
  return url.replace(':channel', 'email');
}

function expected(access: RouteEntry['access'], caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'pending') return 401;
  if (access === 'authenticated') return 'allowed';
  return access.includes(caller) ? 'allowed' : 403;
}

describe('authorization matrix', () => {
  it('covers a non-trivial route table', () => {
    expect(app.routeTable.filter((r) => r.access !== 'public').length).toBeGreaterThan(5);
  });

  it('answers every route × caller as the route declares', async () => {
    const mismatches: string[] = [];
    for (const route of app.routeTable) {
      if (route.method === 'HEAD') continue;
      for (const caller of CALLERS) {
        const who = identities.get(caller);
        const url = await concreteUrl(route, who);
        // A fresh session per request: a route like /auth/logout must not spoil the next one.
        const token =
          who && (await openSession(db.pool, who.id, { ip: null, userAgent: null })).token;
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? bearer(token) : {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const want = expected(route.access, caller);
        const ok =
          want === 'allowed'
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === want;
        if (!ok)
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: ${res.statusCode}, expected ${want}`,
          );
        if (res.statusCode >= 500)
          mismatches.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
