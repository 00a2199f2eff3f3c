import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

// What Fastify itself writes, as opposed to what helmet adds.
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sends with HELMET. They depend on nothing in the request (no nonces), and
 * @fastify/helmet rebuilds its middleware on every request, so they are computed once here by
 * helmet itself on a probe instance.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET);
  probe.get('/', () => '');
  const res = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * The API answers JSON only: nothing may frame it, run scripts from it or sniff its types.
 * CORS allows exactly the configured web origins; bearer tokens travel in headers, not cookies.
 */
export async function installSecurity(app: FastifyInstance, webOrigins: string[]): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
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
