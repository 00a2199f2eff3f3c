import Fastify from 'fastify';
import { describe, expect, it } from '../../test/fixture.js';
import { requireAccessDeclarations } from './access.js';

describe('route access declarations', () => {
  it('refuses to register a route that does not say who may call it', async () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/sem-declaracao', () => 'x')).toThrow(
      'Rota GET /sem-declaracao não declara quem pode chamá-la',
    );
  });

  it('records every route of the application with its access', ({ app }) => {
    const table = app.routeTable.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`);
    expect(table).toContain('GET /health "public"');
    expect(table).toContain('POST /api/client-log "public"');
  });

  it('closes a non-public route to anonymous callers', async () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    const { installAuthorization } = await import('./authorize.js');
    installAuthorization(app, {} as never);
    app.get('/so-admin', { config: { access: ['admin'] } }, () => 'segredo');
    const res = await app.inject({ method: 'GET', url: '/so-admin' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('segredo');
  });
});
