import {
  ApiErrorSchema,
  PhoneConfirmationSendRequestSchema,
  PhoneConfirmationSendResponseSchema,
  PhoneConfirmationStateResponseSchema,
  PhoneConfirmationVerifyRequestSchema,
  PhoneConfirmationVerifyResponseSchema,
  phoneConfirmationMessages as m,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import {
  confirmationState,
  sendCode,
  verifyCode,
  type PhoneConfirmationDeps,
} from './phone-confirmation.service.js';

const tags = ['phone'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
// Every signed-in user confirms their own phone: a viewer may ask their bot's status by WhatsApp.
const own = { access: 'authenticated' } as const;

/** The caller proves they own the phone on their account by typing a code sent to it. */
export const phoneConfirmationRoutes =
  (deps: PhoneConfirmationDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const actorOf = (req: Parameters<typeof authOf>[0]) => ({
      userId: authOf(req).user.id,
      ip: req.ip,
    });

    app.get(
      '/api/phone/confirmation',
      {
        config: own,
        schema: {
          tags,
          summary: 'Se o telefone da conta está confirmado',
          response: { 200: PhoneConfirmationStateResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await confirmationState(deps.pool, authOf(req).user.id),
      }),
    );

    app.post(
      '/api/phone/confirmation',
      {
        config: own,
        schema: {
          tags,
          summary: 'Envia um código de 6 dígitos ao telefone da conta (WhatsApp ou SMS)',
          body: PhoneConfirmationSendRequestSchema,
          response: { 200: PhoneConfirmationSendResponseSchema, ...errors },
        },
      },
      async (req) => {
        const sent = await sendCode(deps, actorOf(req));
        return {
          success: true as const,
          message: sent.message,
          channel: sent.channel,
          data: sent.state,
        };
      },
    );

    app.post(
      '/api/phone/confirmation/verify',
      {
        config: own,
        schema: {
          tags,
          summary: 'Confirma o telefone da conta com o código recebido',
          body: PhoneConfirmationVerifyRequestSchema,
          response: { 200: PhoneConfirmationVerifyResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: m.verified,
        data: await verifyCode(deps, actorOf(req), req.body.code),
      }),
    );
  };
