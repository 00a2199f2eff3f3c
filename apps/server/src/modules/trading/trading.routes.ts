import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { dashboardRoutes, DEFAULT_DAYS } from './dashboard.routes.js';
import { historySpanOf } from './history-span.js';
import { PositionsCache } from './positions-cache.js';
import type { RealtimeDeps } from './realtime.service.js';
import { reportRange, reportsSummaryOf } from './reports-summary.service.js';
import { equityCurveOf } from './statistics.service.js';
import { tradesOf } from './trades.service.js';
import { tradesTotalsOf } from './trades-totals.service.js';
import { resolveRange } from './trading-range.js';

/** The trading screens' reads: dashboard, trades, equity curve and the reports' summary. */
export const tradingRoutes =
  (bridge: RealtimeDeps & { positions?: PositionsCache }): FastifyPluginAsync =>
  async (app) => {
    // One per instance: every screen reads the same warm copy of an account's positions.
    const deps = { ...bridge, positions: bridge.positions ?? new PositionsCache(bridge.pool) };
    await app.register(dashboardRoutes(deps));

    route(app, endpoints.trading.equityCurve, async (req) => {
      const range = resolveRange(req.query, DEFAULT_DAYS);
      const userId = authOf(req).user.id;
      const { curve, basis } = await equityCurveOf(deps, userId, range, req.query.magic);
      return { success: true as const, equity_curve: curve, balance_basis: basis };
    });

    route(app, endpoints.trading.trades, async (req) =>
      tradesOf(deps, authOf(req).user.id, req.query),
    );

    route(app, endpoints.trading.tradesTotals, async (req) =>
      tradesTotalsOf(deps, authOf(req).user.id, req.query),
    );

    route(app, endpoints.trading.historySpan, async (req) => ({
      success: true as const,
      ...(await historySpanOf(deps.pool, authOf(req).user.id)),
    }));

    route(app, endpoints.reports.summary, async (req) => ({
      success: true as const,
      data: await reportsSummaryOf(deps, authOf(req).user.id, reportRange(req.query)),
    }));
  };
