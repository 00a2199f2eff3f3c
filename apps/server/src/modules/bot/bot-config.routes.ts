import {
  ApiErrorSchema,
  BotConfigResponseSchema,
  BotConfigSchema,
  SaveBotConfigResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { botConfigOf, saveBotConfig } from './bot-config.service.js';

const tags = ['bot'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
// A viewer reads the configuration; changing what the bot trades is for the account's owners.
const configurers = { access: ['admin', 'user', 'trader'] as const };

/** trading.md §7: the caller's own bot configuration, read and replaced whole. */
export const botConfigRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bot/config',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Configuração do bot do usuário (ou a padrão, se nunca salva)',
          response: { 200: BotConfigResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        config: await botConfigOf(deps.pool, authOf(req).user.id),
      }),
    );

    app.post(
      '/bot/config',
      {
        config: configurers,
        schema: {
          tags,
          summary: 'Salva a configuração completa do bot do usuário',
          body: BotConfigSchema,
          response: { 200: SaveBotConfigResponseSchema, ...errors },
        },
      },
      async (req) => {
        await saveBotConfig(deps.pool, { userId: authOf(req).user.id, ip: req.ip }, req.body);
        return { success: true as const };
      },
    );
  };
