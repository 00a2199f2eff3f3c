import { apiErrorMessages } from '@vortex/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeAccess } from './access.js';
import type { AuthContext } from './auth-context.js';
import { HttpError } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The bearer token, or the x-auth-token header some of the spec's screens send. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const alt = req.headers['x-auth-token'];
  const token = bearer ?? (typeof alt === 'string' ? alt.trim() : undefined);
  return token && TOKEN.test(token) ? token : undefined;
}

/** The caller of a non-public route; the hook below guarantees it is there. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new HttpError(401, apiErrorMessages.unauthorized);
  return req.auth;
}

/**
 * Enforces each route's declaration before validation or the handler runs: anonymous callers
 * of a non-public route get 401, signed-in callers without the role get 403.
 */
export function installAuthorization(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<AuthContext>,
): void {
  app.addHook('onRequest', async (req) => {
    const access = routeAccess(req.routeOptions.config);
    if (access === undefined || access === 'public') return;
    const token = tokenOf(req);
    if (!token) throw new HttpError(401, apiErrorMessages.unauthorized);
    req.auth = await authenticate(token);
    if (access !== 'authenticated' && !access.includes(req.auth.user.role)) {
      throw new HttpError(403, apiErrorMessages.forbidden);
    }
  });
}
