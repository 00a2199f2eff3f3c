import {
  ApiErrorSchema,
  MESSAGE_TEMPLATES,
  SendManualResponseSchema,
  SendManualSchema,
  TemplatesResponseSchema,
  TestChannelsResponseSchema,
  TestChannelsSchema,
} from '@vortex/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import {
  sendManual,
  testChannels,
  type Actor,
  type CommunicationDeps,
} from './communication.service.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const tags = ['comunicação'];
const adminOnly = { access: ['admin'] as const };
const actorOf = (req: FastifyRequest): Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** The communication centre's calls (access-and-admin.md §7): admins only. */
export const communicationRoutes =
  (deps: CommunicationDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/communication/templates',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Templates de mensagem',
          response: { 200: TemplatesResponseSchema, ...errors },
        },
      },
      () => ({ success: true as const, templates: MESSAGE_TEMPLATES }),
    );

    app.post(
      '/communication/send-manual',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Enviar uma mensagem manual a usuários',
          body: SendManualSchema,
          response: { 200: SendManualResponseSchema, ...errors },
        },
      },
      (req) => sendManual(deps, actorOf(req), req.body),
    );

    app.post(
      '/communication/test-channels',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Testar os canais de envio',
          body: TestChannelsSchema,
          response: { 200: TestChannelsResponseSchema, ...errors },
        },
      },
      (req) => testChannels(deps, actorOf(req), req.body),
    );
  };
