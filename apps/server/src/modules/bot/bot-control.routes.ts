import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { HttpError } from '../../http/http-error.js';
import { BotControlError, type BotManager } from './bot-manager.js';

const api = endpoints.bot;

const asHttp = (err: unknown): never => {
  if (err instanceof BotControlError) throw new HttpError(err.statusCode, err.message);
  throw err;
};

/**
 * trading.md §7: the caller's own bot, its status, start and stop; and ours: pausing its
 * entries, and closing every open position of the account.
 */
export const botControlRoutes =
  (bots: BotManager): FastifyPluginAsync =>
  async (app) => {
    route(app, api.status, async (req) => ({
      success: true as const,
      status: await bots.status(authOf(req).user.id),
    }));

    route(app, api.start, async (req) => ({
      success: true as const,
      message: await bots.start(authOf(req).user.id).catch(asHttp),
    }));

    route(app, api.stop, async (req) => ({
      success: true as const,
      message: await bots.stop(authOf(req).user.id).catch(asHttp),
    }));

    route(app, api.entries, async (req) => ({
      success: true as const,
      message: await bots.setEntriesPaused(authOf(req).user.id, req.body.paused).catch(asHttp),
    }));

    route(app, api.closeAll, async (req) => ({
      success: true as const,
      message: await bots.closeAll(authOf(req).user.id).catch(asHttp),
    }));
  };
