import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The API answers JSON only: nothing may frame it, run scripts from it or sniff its types.
 * CORS allows exactly the configured web origins; bearer tokens travel in headers, not cookies.
 */
export async function installSecurity(app: FastifyInstance, webOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const allowed = new Set(webOrigins);
  await app.register(cors, {
    origin: (origin, cb) => {
      cb(null, origin !== undefined && allowed.has(origin));
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Auth-Token'],
    exposedHeaders: ['x-mt5-source', 'Content-Disposition'],
    maxAge: 600,
  });
}
