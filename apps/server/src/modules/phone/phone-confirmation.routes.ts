import { endpoints, phoneConfirmationMessages as m } from '@vortex/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import {
  confirmationState,
  sendCode,
  verifyCode,
  type PhoneConfirmationDeps,
} from './phone-confirmation.service.js';

const api = endpoints.phone;
const actorOf = (req: FastifyRequest) => ({ userId: authOf(req).user.id, ip: req.ip });

/** The caller proves they own the phone on their account by typing a code sent to it. */
export const phoneConfirmationRoutes =
  (deps: PhoneConfirmationDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.confirmation, async (req) => ({
      success: true as const,
      data: await confirmationState(deps.pool, authOf(req).user.id),
    }));

    route(app, api.sendCode, async (req) => {
      const sent = await sendCode(deps, actorOf(req));
      return {
        success: true as const,
        message: sent.message,
        channel: sent.channel,
        data: sent.state,
      };
    });

    route(app, api.verifyCode, async (req) => ({
      success: true as const,
      message: m.verified,
      data: await verifyCode(deps, actorOf(req), req.body.code),
    }));
  };
