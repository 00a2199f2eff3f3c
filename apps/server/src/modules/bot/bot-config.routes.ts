import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { botConfigOf, saveBotConfig } from './bot-config.service.js';

/** trading.md §7: the caller's own bot configuration, read and replaced whole. */
export const botConfigRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.bot.config, async (req) => ({
      success: true as const,
      config: await botConfigOf(deps.pool, authOf(req).user.id),
    }));

    route(app, endpoints.bot.saveConfig, async (req) => {
      await saveBotConfig(deps.pool, { userId: authOf(req).user.id, ip: req.ip }, req.body);
      return { success: true as const };
    });
  };
