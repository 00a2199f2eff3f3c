import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that are credentials (a pairing token, a download id): never logged. */
    secretParams?: readonly string[];
  }
}

/** What a secret becomes in the log. */
export const HIDDEN = '[oculto]';

const SENSITIVE_QUERY = /^(token|auth_token|ticket|password|access_token|key|device_key)$/i;

/**
 * The literal path segments of every route the API has. A request that matched no route is
 * logged with only these, so a secret sent to a wrong path (a typo, a trailing slash, another
 * method) stays out of the log too. Routes are the same for every app this process builds.
 */
const routeWords = new Set<string>();

/** Learns the route words and checks that each declared secret is one of its route's params. */
export function installLogRedaction(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const segments = route.url.split('/');
    for (const s of segments) if (!s.startsWith(':') && !s.includes('*')) routeWords.add(s);
    for (const name of route.config?.secretParams ?? []) {
      if (!segments.includes(`:${name}`))
        throw new Error(`Rota ${route.url} declara o segredo "${name}", que não é um parâmetro`);
    }
  });
}

function redactQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()])
    if (SENSITIVE_QUERY.test(key)) params.set(key, '[redacted]');
  return params.toString();
}

interface RouteOfRequest {
  /** The matched route's pattern; undefined when nothing matched (a 404). */
  pattern: string | undefined;
  secretParams: readonly string[];
}

/**
 * The URL as the log may hold it: the route's secret params replaced, every unknown segment of an
 * unmatched path replaced, and secret query values replaced.
 */
export function loggedUrl(url: string, route: RouteOfRequest): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : `?${redactQuery(url.slice(q + 1))}`;
  const segments = pathPart.split('/');
  let shown: string[];
  if (route.pattern === undefined) {
    shown = segments.map((s) => (s === '' || routeWords.has(s) ? s : HIDDEN));
  } else if (route.secretParams.length > 0) {
    const pattern = route.pattern.split('/');
    // A param spans one segment, so the pattern and the path line up segment by segment.
    shown = segments.map((s, i) => {
      const p = pattern[i];
      return p?.startsWith(':') && route.secretParams.includes(p.slice(1)) ? HIDDEN : s;
    });
  } else {
    shown = segments;
  }
  return `${shown.join('/')}${query}`;
}

function routeOf(req: Partial<FastifyRequest>): RouteOfRequest {
  const options = req.is404 ? undefined : req.routeOptions;
  return { pattern: options?.url, secretParams: options?.config.secretParams ?? [] };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Never log a password, a token or a secret, wherever it sits in a logged object.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-auth-token"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.auth_token',
        '*.password_hash',
        '*.device_key',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Only what a request log needs: never its headers (bearer tokens) or body.
      req: (req: Partial<FastifyRequest>) => ({
        method: req.method,
        url: typeof req.url === 'string' ? loggedUrl(req.url, routeOf(req)) : undefined,
        remoteAddress: req.ip,
      }),
    },
  };
}
