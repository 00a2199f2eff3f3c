import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

const SENSITIVE_QUERY = /^(token|auth_token|ticket|password|access_token|key|device_key)$/i;

/** Query values that carry secrets are replaced before a URL reaches the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()])
    if (SENSITIVE_QUERY.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
        url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
        remoteAddress: req.ip,
      }),
    },
  };
}
