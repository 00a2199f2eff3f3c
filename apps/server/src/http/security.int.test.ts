import { apiErrorMessages } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_WEB_ORIGIN, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('the Host the API answers to', () => {
  it.each([
    ['GET', '/health'],
    ['POST', '/auth/login'],
    ['GET', '/rota/que/nao/existe'],
    ['OPTIONS', '/auth/login'],
  ] as const)('answers %s %s under a foreign Host with 421 in Portuguese', async (method, url) => {
    for (const host of ['evil.example', 'evil.example:5000', 'localhost.evil.example', 'a;b']) {
      const res = await t.app.inject({
        method,
        url,
        headers: { host, origin: TEST_WEB_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual({ success: false, error: apiErrorMessages.hostNotAllowed });
    }
  });

  it('serves its configured names, over a real socket too', async () => {
    expect(
      (await t.app.inject({ url: '/health', headers: { host: 'localhost:5000' } })).statusCode,
    ).toBe(200);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
