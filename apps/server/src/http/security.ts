import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { apiErrorMessages } from '@vortex/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { hostMatcher } from '../config/allowed-hosts.js';
import { installLogRedaction } from './logger.js';

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
 * A request naming a host the server is not configured as (DNS rebinding, a forged Host) is
 * answered 421 before any route runs; no route secret reaches the request log.
 */
export async function installSecurity(
  app: FastifyInstance,
  opts: { webOrigins: string[]; allowedHosts: readonly string[] },
): Promise<void> {
  installLogRedaction(app);
  const headers = await helmetHeaders();
  const hostAllowed = hostMatcher(opts.allowedHosts);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (hostAllowed(req.headers.host)) done();
    else void reply.code(421).send({ success: false, error: apiErrorMessages.hostNotAllowed });
  });
  const allowed = new Set(opts.webOrigins);
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
