import type { FastifyInstance } from 'fastify';

/**
 * Every answer of this API is a token, a user or someone's data: no browser, shared proxy or
 * back button may keep a copy (Pragma for HTTP/1.0 caches). Set first, so errors carry it too;
 * a route that sets its own Cache-Control (downloads, the live stream) overrides it.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    done();
  });
}
