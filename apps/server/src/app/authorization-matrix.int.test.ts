import { ROLES } from '@vortex/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../test/fixture.js';
import { bearer, makeUser } from '../../test/identities.js';
import { GOLDEN_POLICY, type GoldenPolicy } from '../../test/policy.golden.js';
import { authenticate, openSession } from '../modules/auth/session.service.js';
import { requireAccessDeclarations, type RouteEntry } from '../http/access.js';
import { installAuthorization } from '../http/authorize.js';
import { installErrorHandling } from '../http/error-handler.js';

/**
 * Every registered route × every kind of caller, against the golden policy table written by hand
 * (test/policy.golden.ts), never against the routes' own declarations: a route declared with the
 * wrong access, or added without saying who may call it, fails here.
 */
const CALLERS = ['anonymous', 'pending', 'viewer', 'user', 'trader', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Golden = Readonly<Record<string, GoldenPolicy>>;

let db: TestDatabase;
let app: FastifyInstance;
const identities = new Map<Caller, TestUser>();

it.beforeAll(async ({ db: givenDb, app: givenApp, newUser }) => {
  [db, app] = [givenDb, givenApp];
  identities.set('pending', await newUser({ status: 'pending' }));
  for (const role of ['viewer', 'user', 'trader', 'admin'] as const)
    identities.set(role, await newUser({ role }));
});

/** A HEAD route is Fastify's copy of its GET and answers to the GET's entry. */
function goldenOf(golden: Golden, route: RouteEntry): GoldenPolicy | undefined {
  const own = golden[`${route.method} ${route.url}`];
  return own ?? (route.method === 'HEAD' ? golden[`GET ${route.url}`] : undefined);
}

const describeAccess = (access: RouteEntry['access'] | GoldenPolicy['allow']): string =>
  access === 'public' ? 'public' : access === 'authenticated' ? 'any role' : access.join(', ');

/** Declarations against the golden table: missing, stale and disagreeing entries, in words. */
function policyProblems(table: readonly RouteEntry[], golden: Golden): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const route of table) {
    const want = goldenOf(golden, route);
    if (!want) {
      problems.push(
        `${route.method} ${route.url} has no entry in test/policy.golden.ts: add who may call it`,
      );
      continue;
    }
    used.add(
      golden[`${route.method} ${route.url}`] ? `${route.method} ${route.url}` : `GET ${route.url}`,
    );
    if (!sameAccess(route.access, want.allow))
      problems.push(
        `${route.method} ${route.url} is declared ${describeAccess(route.access)}; the golden table says ${describeAccess(want.allow)}`,
      );
  }
  for (const key of Object.keys(golden))
    if (!used.has(key)) problems.push(`${key} is in the golden table but not in the app`);
  return problems;
}

function sameAccess(declared: RouteEntry['access'], allow: GoldenPolicy['allow']): boolean {
  if (declared === 'public' || allow === 'public') return declared === allow;
  const roles = declared === 'authenticated' ? ROLES : declared;
  return roles.length === allow.length && roles.every((r) => allow.includes(r));
}

function expected(policy: GoldenPolicy, caller: Caller): 'allowed' | 401 | 403 {
  if (policy.allow === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'pending') return 401;
  return policy.allow.includes(caller) ? 'allowed' : 403;
}

/** Fills the path: the caller's own id for self-service routes, a throwaway user otherwise. */
async function concreteUrl(route: RouteEntry, policy: GoldenPolicy, caller?: TestUser) {
  let url = route.url === '*' ? '/health' : route.url.replace(/\*$/, 'json');
  if (url.includes(':id')) {
    const id = policy.self && caller ? caller.id : (await makeUser(db.pool, { session: false })).id;
    url = url.replace(':id', String(id));
  }
  return url.replace(':channel', 'email');
}

/** Calls every route of `target` as every caller; lists each answer the golden table refuses. */
async function matrixMismatches(target: FastifyInstance, golden: Golden): Promise<string[]> {
  const mismatches: string[] = [];
  for (const route of target.routeTable) {
    const policy = goldenOf(golden, route);
    if (route.method === 'HEAD' || !policy) continue;
    for (const caller of CALLERS) {
      const who = identities.get(caller);
      const url = await concreteUrl(route, policy, who);
      // A fresh session per request: a route like /auth/logout must not spoil the next one.
      const token =
        who && (await openSession(db.pool, who.id, { ip: null, userAgent: null })).token;
      const res = await target.inject({
        method: route.method as 'GET',
        url,
        headers: token ? bearer(token) : {},
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      const want = expected(policy, caller);
      const ok =
        want === 'allowed'
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === want;
      if (!ok)
        mismatches.push(
          `${route.method} ${route.url} as ${caller}: ${res.statusCode}, golden table says ${want}`,
        );
      if (res.statusCode >= 500)
        mismatches.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode}`);
    }
  }
  return mismatches;
}

describe('authorization matrix', () => {
  it('covers a non-trivial route table', () => {
    expect(app.routeTable.filter((r) => r.access !== 'public').length).toBeGreaterThan(5);
  });

  it('has a golden entry for every route, a route for every entry, and no disagreement', () => {
    expect(policyProblems(app.routeTable, GOLDEN_POLICY)).toEqual([]);
  });

  it('answers every route × caller as the golden table says', async () => {
    expect(await matrixMismatches(app, GOLDEN_POLICY)).toEqual([]);
  });
});

describe('the golden table bites', () => {
  it('reports a route declared with the wrong access, a new route and a vanished one', () => {
    const doctored = app.routeTable
      .filter((r) => r.url !== '/api/alerts/recent')
      .map((r) => (r.url === '/api/backup/run' ? { ...r, access: 'authenticated' as const } : r));
    doctored.push({ method: 'GET', url: '/api/nova-rota', access: ['admin'] });
    expect(policyProblems(doctored, GOLDEN_POLICY)).toEqual(
      expect.arrayContaining([
        'POST /api/backup/run is declared any role; the golden table says admin',
        'GET /api/nova-rota has no entry in test/policy.golden.ts: add who may call it',
        'GET /api/alerts/recent is in the golden table but not in the app',
      ]),
    );
  });

  it('fails a route whose declaration lets in callers the golden table refuses', async () => {
    const probe = Fastify();
    requireAccessDeclarations(probe);
    installAuthorization(probe, (token) => authenticate(db.pool, token, new Date()));
    installErrorHandling(probe);
    // Declared for any signed-in user where the golden table says admins only.
    probe.get('/api/backup/list', { config: { access: 'authenticated' } }, () => ({ ok: true }));
    await probe.ready();
    try {
      expect(await matrixMismatches(probe, GOLDEN_POLICY)).toEqual([
        'GET /api/backup/list as viewer: 200, golden table says 403',
        'GET /api/backup/list as user: 200, golden table says 403',
        'GET /api/backup/list as trader: 200, golden table says 403',
      ]);
    } finally {
      await probe.close();
    }
  });
});
