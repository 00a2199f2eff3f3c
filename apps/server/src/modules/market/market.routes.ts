import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { marketService, type MarketDeps } from './market.service.js';

/** Price data of the caller's own current MT5 account, for the charts. */
export const marketRoutes =
  (deps: MarketDeps): FastifyPluginAsync =>
  async (app) => {
    const market = marketService(deps, app.log);
    route(app, endpoints.market.bars, async (req) => market.barsOf(authOf(req).user.id, req.query));
  };
