import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { dealsOf } from './deals.service.js';
import { openBookOf, realtimeOf, type RealtimeDeps } from './realtime.service.js';
import { dashboardOverview, dashboardStats, type TradingReadDeps } from './statistics.service.js';
import { resolveRange, todayRange } from './trading-range.js';

const api = endpoints.trading;
/** The statistics screen's default period (spec §2). */
export const DEFAULT_DAYS = 30;

/** The dashboard's reads; every figure comes from the caller's own account only. */
export const dashboardRoutes =
  (deps: RealtimeDeps & TradingReadDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.realtime, async (req) => {
      const range = resolveRange({}, DEFAULT_DAYS);
      return { success: true as const, data: await realtimeOf(deps, authOf(req).user.id, range) };
    });

    route(app, api.deals, async (req) => {
      const q = req.query;
      const given = q.start !== undefined || q.end !== undefined || q.days !== undefined;
      const range = given ? resolveRange(q, DEFAULT_DAYS) : todayRange();
      const data = await dealsOf(deps.pool, authOf(req).user.id, {
        ...range,
        magic: q.magic,
        limit: q.limit,
      });
      return { success: true as const, data };
    });

    route(app, api.overview, async (req) => {
      const range = resolveRange(req.query, DEFAULT_DAYS);
      const userId = authOf(req).user.id;
      const data = await dashboardOverview(deps, userId, range, req.query.magic);
      return { success: true as const, data };
    });

    route(app, api.stats, async (req) => {
      const range = resolveRange(req.query, DEFAULT_DAYS);
      const userId = authOf(req).user.id;
      const data = await dashboardStats(deps, userId, range, req.query.magic);
      return { success: true as const, data };
    });

    route(app, api.positions, async (req) => openBookOf(deps, authOf(req).user.id));
  };
