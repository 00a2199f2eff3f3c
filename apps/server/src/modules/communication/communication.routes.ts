import { endpoints, MESSAGE_TEMPLATES } from '@vortex/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import {
  sendManual,
  testChannels,
  type Actor,
  type CommunicationDeps,
} from './communication.service.js';

const api = endpoints.communication;
const actorOf = (req: FastifyRequest): Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** The communication centre's calls (access-and-admin.md §7): admins only. */
export const communicationRoutes =
  (deps: CommunicationDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.templates, () => ({ success: true as const, templates: MESSAGE_TEMPLATES }));
    route(app, api.sendManual, (req) => sendManual(deps, actorOf(req), req.body));
    route(app, api.testChannels, (req) => testChannels(deps, actorOf(req), req.body));
  };
