import { apiErrorMessages } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { routeAccess } from './access.js';

/**
 * Enforces each route's declaration before its handler runs. Until sessions exist every
 * non-public route answers 401: a route is closed unless it says otherwise.
 */
export function installAuthorization(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const access = routeAccess(req.routeOptions.config);
    if (access === undefined || access === 'public') return;
    return reply.code(401).send({ success: false, error: apiErrorMessages.unauthorized });
  });
}
