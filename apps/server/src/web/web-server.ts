import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrorMessages } from '@vortex/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { installClosingGuard } from '../lifecycle/closing-guard.js';

export interface WebServerOptions {
  distDir: string;
  logger: FastifyBaseLogger;
  apiPort: number;
  publicApiUrl: string | undefined;
}

/** Where browsers reach the API: configured, or the host they used for the web app on PORT. */
function apiOrigin(opts: WebServerOptions, hostHeader: string | undefined): string {
  if (opts.publicApiUrl) return opts.publicApiUrl.replace(/\/$/, '');
  const host = (hostHeader ?? 'localhost').replace(/:\d+$/, '');
  return `http://${host}:${opts.apiPort}`;
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
  web.addHook('onSend', async (req, reply) => {
    reply.header('Content-Security-Policy', csp(apiOrigin(opts, req.headers.host)));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
  });
  web.get('/runtime-config.js', async (req, reply) => {
    const config = { apiUrl: apiOrigin(opts, req.headers.host) };
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(`window.__VORTEX_CONFIG__ = ${JSON.stringify(config)};\n`);
  });
  await web.register(fastifyStatic, {
    root: opts.distDir,
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
