import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrorMessages } from '@vortex/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hostMatcher } from '../config/allowed-hosts.js';
import { installClosingGuard } from '../lifecycle/closing-guard.js';

export interface WebServerOptions {
  distDir: string;
  logger: FastifyBaseLogger;
  /** Where browsers reach the API (config.publicApiUrl): never derived from a request. */
  publicApiUrl: string;
  /** The Host names the web app answers to; any other gets 421. */
  allowedHosts: readonly string[];
}

function csp(api: string): string {
  const ws = api.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${api} ${ws}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The web app's own origin (WEB_PORT): its built files, the runtime config naming the API, and
 * index.html for every client-side route. The API keeps its own port because paths collide.
 */
export async function buildWebServer(opts: WebServerOptions): Promise<FastifyInstance> {
  // Static file requests are not worth a log line each; warnings and errors still are.
  const web = Fastify({
    loggerInstance: opts.logger.child({ server: 'web' }, { level: 'warn' }),
    return503OnClosing: false,
  });
  // A page asked for while the server stops gets a line in Portuguese, not Fastify's English.
  installClosingGuard(web, (reply) =>
    reply.type('text/plain; charset=utf-8').send(apiErrorMessages.shuttingDown),
  );
  if (!existsSync(path.join(opts.distDir, 'index.html'))) {
    throw new Error(`Aplicação web não construída em ${opts.distDir}. Rode "npm run build".`);
  }
  const policy = csp(opts.publicApiUrl);
  const runtimeConfig = `window.__VORTEX_CONFIG__ = ${JSON.stringify({ apiUrl: opts.publicApiUrl })};\n`;
  const hostAllowed = hostMatcher(opts.allowedHosts);
  // A page served under a name that is not ours (DNS rebinding) would run with our origin's data.
  web.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host))
      return reply
        .code(421)
        .type('text/plain; charset=utf-8')
        .send(apiErrorMessages.hostNotAllowed);
  });
  web.addHook('onSend', async (_req, reply) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
  });
  web.get('/runtime-config.js', async (_req, reply) => {
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(runtimeConfig);
  });
  // A byte range of a compressed copy is not the range the client meant: ranges get the file.
  web.addHook('onRequest', async (req) => {
    if (req.headers.range !== undefined) delete req.headers['accept-encoding'];
  });
  await web.register(fastifyStatic, {
    root: opts.distDir,
    // The build's `.br` / `.gz` copies, chosen by Accept-Encoding (q-values, br first on a tie),
    // with the original's Content-Type and each copy's own length and ETag.
    preCompressed: true,
    // Look files up per request, so a rebuild while running never leaves stale routes.
    wildcard: true,
    index: false,
    // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Chosen by Accept-Encoding even when the plain file is sent: a shared cache must know.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // The wildcard file route would answer the root folder itself with 403.
  web.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  web.setNotFoundHandler((req, reply) => {
    const isAsset = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.method !== 'GET' || isAsset) return reply.code(404).send('Não encontrado');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return web;
}
