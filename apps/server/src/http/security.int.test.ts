import { apiErrorMessages } from '@vortex/core';
import { describe, expect, it } from '../../test/fixture.js';
import { TEST_WEB_ORIGIN } from '../../test/test-app.js';

describe('the Host the API answers to', () => {
  it.for([
    ['GET', '/health'],
    ['POST', '/auth/login'],
    ['GET', '/rota/que/nao/existe'],
    ['OPTIONS', '/auth/login'],
  ] as const)(
    'answers %s %s under a foreign Host with 421 in Portuguese',
    async ([method, url], { app }) => {
      for (const host of ['evil.example', 'evil.example:5000', 'localhost.evil.example', 'a;b']) {
        const res = await app.inject({
          method,
          url,
          headers: { host, origin: TEST_WEB_ORIGIN, 'access-control-request-method': 'POST' },
        });
        expect(res.statusCode, host).toBe(421);
        expect(res.json()).toEqual({ success: false, error: apiErrorMessages.hostNotAllowed });
      }
    },
  );

  it('serves its configured names, over a real socket too', async ({ app, base }) => {
    expect(
      (await app.inject({ url: '/health', headers: { host: 'localhost:5000' } })).statusCode,
    ).toBe(200);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
