import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type Requests } from '../../test/fixture.js';
import { TEST_WEB_ORIGIN } from '../../test/test-app.js';

let api: Requests;
let app: FastifyInstance;

it.beforeAll(({ app: givenApp, api: givenApi }) => {
  [app, api] = [givenApp, givenApi];
});

describe('GET /health', () => {
  it('reports the database reachable, the version and the uptime', async () => {
    const res = await api.get('/health');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      status: string;
      version: string;
      uptime_seconds: number;
      database: { reachable: boolean };
    }>();
    expect(body.status).toBe('ok');
    expect(body.version).toBe('0.0.0-test');
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(body.database.reachable).toBe(true);
  });
});

describe('error envelope', () => {
  it('answers unknown paths with 404 and a pt-BR message', async () => {
    const res = await api.get('/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Recurso não encontrado.' });
  });

  it('answers broken JSON with 400, never 500', async () => {
    const res = await api.post('/api/client-log', '{"level": "error", "message": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'JSON inválido.' });
  });
});

describe('security headers and CORS', () => {
  it('sends CSP with frame-ancestors and nosniff', async () => {
    const res = await api.get('/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows exactly the configured web origin', async () => {
    const ok = await api.get('/health', { headers: { origin: TEST_WEB_ORIGIN } });
    expect(ok.headers['access-control-allow-origin']).toBe(TEST_WEB_ORIGIN);
    const other = await api.get('/health', { headers: { origin: 'http://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const near = await api.get('/health', {
      headers: { origin: `${TEST_WEB_ORIGIN}.evil.example` },
    });
    expect(near.headers['access-control-allow-origin']).toBeUndefined();
  });

  // requests.ts sends no OPTIONS: the preflight goes through inject.
  it('answers a preflight from the web origin with the bearer header allowed', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/client-log',
      headers: {
        origin: TEST_WEB_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/i);
  });
});

describe('OpenAPI', () => {
  it('is generated from the zod schemas and served under /api/docs', async () => {
    const res = await api.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/health']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/client-log']?.post?.requestBody)).toContain(
      'componentStack',
    );
    const ui = await api.get('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });
});
