import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { freshAddress } from '../../../test/requests.js';
import { oneRow } from '../../db/rows.js';

let api: Requests;
let db: TestDatabase;

// Each case comes from its own address (freshAddress) so the per-address limit does not mask
// validation.
const count = async () =>
  (await oneRow(db.pool, z.object({ n: z.number() }), 'SELECT count(*)::int AS n FROM client_logs'))
    .n;

it.beforeAll(({ db: givenDb, api: givenApi }) => {
  [db, api] = [givenDb, givenApi];
});

describe('POST /api/client-log', () => {
  it('stores an interface crash report', async () => {
    const before = await count();
    const res = await api.post(
      '/api/client-log',
      {
        level: 'error',
        message: 'TypeError: x is undefined',
        stack: 'at X',
        componentStack: 'in Dashboard',
        ua: 'Chromium',
        ts: '2026-11-22T10:00:00Z',
      },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    const { rows } = await db.pool.query(
      'SELECT message, component_stack FROM client_logs ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]).toEqual({
      message: 'TypeError: x is undefined',
      component_stack: 'in Dashboard',
    });
  });

  it('refuses a report over the size cap with 413 and stores nothing', async () => {
    const before = await count();
    const res = await api.post(
      '/api/client-log',
      { level: 'error', message: 'x', stack: 'y'.repeat(40_000) },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'Conteúdo muito grande.' });
    expect(await count()).toBe(before);
  });

  it('rate-limits one address after 10 reports a minute', async () => {
    const ip = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.post(
        '/api/client-log',
        { level: 'warn', message: `m${i}` },
        { remoteAddress: ip },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    const last = await api.post(
      '/api/client-log',
      { level: 'warn', message: 'x' },
      { remoteAddress: ip },
    );
    expect(last.json<{ error: string }>().error).toBe(
      'Muitas requisições. Tente novamente em instantes.',
    );
  });

  it('answers any malformed body with a 4xx in pt-BR and writes nothing', async () => {
    const bad = fc.oneof(
      fc.anything(),
      fc.record({ level: fc.string(), message: fc.anything() }),
      fc.record({
        level: fc.constant('error'),
        message: fc.string({ minLength: 2001, maxLength: 2100 }),
      }),
      fc.record({ level: fc.constant('error'), message: fc.constant('x'), extra: fc.jsonValue() }),
      // Sent raw: JSON.stringify would drop a __proto__ key before it reached the server.
      fc.constant('{"level":"error","message":"x","__proto__":{"polluted":true}}'),
      fc.constant('{"level":"error","message":"x","constructor":{"prototype":{"polluted":true}}}'),
    );
    const before = await count();
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        // JSON.stringify(undefined) is undefined: send it as the invalid text it would be.
        const raw =
          typeof body === 'string'
            ? body
            : ((JSON.stringify(body) as string | undefined) ?? 'undefined');
        const res = await api.post('/api/client-log', raw, {
          headers: { 'content-type': 'application/json' },
          remoteAddress: freshAddress(),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const parsed = res.json<{ success: boolean; error: string }>();
        expect(parsed.success).toBe(false);
        expect(parsed.error.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(await count()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a JSON body that tries to poison the prototype', async () => {
    const res = await api.post(
      '/api/client-log',
      '{"level":"error","message":"x","__proto__":{"isAdmin":true}}',
      { remoteAddress: freshAddress(), headers: { 'content-type': 'application/json' } },
    );
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
