import {
  ApiErrorSchema,
  BotControlResponseSchema,
  BotEntriesRequestSchema,
  BotStatusResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import { HttpError } from '../../http/http-error.js';
import { BotControlError, type BotManager } from './bot-manager.js';

const tags = ['bot'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
};
// Starting and stopping the bot trades the account: its owners only, not a viewer.
const controllers = { access: ['admin', 'user', 'trader'] as const };

const asHttp = (err: unknown): never => {
  if (err instanceof BotControlError) throw new HttpError(err.statusCode, err.message);
  throw err;
};

/**
 * trading.md §7: the caller's own bot, its status, start and stop; and ours: pausing its
 * entries, and closing every open position of the account.
 */
export const botControlRoutes =
  (bots: BotManager): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bot/status',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Estado do bot do usuário',
          response: { 200: BotStatusResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, status: await bots.status(authOf(req).user.id) }),
    );

    app.post(
      '/api/bot/start',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Inicia o bot',
          response: { 200: BotControlResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: await bots.start(authOf(req).user.id).catch(asHttp),
      }),
    );

    app.post(
      '/api/bot/stop',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Para o bot',
          response: { 200: BotControlResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: await bots.stop(authOf(req).user.id).catch(asHttp),
      }),
    );

    app.post(
      '/api/bot/entries',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Pausa ou retoma as entradas do bot (as posições abertas seguem geridas)',
          body: BotEntriesRequestSchema,
          response: { 200: BotControlResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: await bots.setEntriesPaused(authOf(req).user.id, req.body.paused).catch(asHttp),
      }),
    );

    app.post(
      '/api/bot/close-all',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Fecha a mercado todas as posições abertas da conta',
          response: { 200: BotControlResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: await bots.closeAll(authOf(req).user.id).catch(asHttp),
      }),
    );
  };
