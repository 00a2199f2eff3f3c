import {
  ApiErrorSchema,
  EquityCurveResponseSchema,
  RangeQuerySchema,
  ReportRangeSchema,
  ReportsSummaryResponseSchema,
  TradesQuerySchema,
  TradesResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authorize.js';
import { dashboardRoutes, DEFAULT_DAYS } from './dashboard.routes.js';
import { PositionsCache } from './positions-cache.js';
import type { RealtimeDeps } from './realtime.service.js';
import { reportRange, reportsSummaryOf } from './reports-summary.service.js';
import { equityCurveOf } from './statistics.service.js';
import { tradesOf } from './trades.service.js';
import { resolveRange } from './trading-range.js';

const tags = ['trading'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The trading screens' reads: dashboard, trades, equity curve and the reports' summary. */
export const tradingRoutes =
  (bridge: RealtimeDeps & { positions?: PositionsCache }): FastifyPluginAsyncZod =>
  async (app) => {
    // One per instance: every screen reads the same warm copy of an account's positions.
    const deps = { ...bridge, positions: bridge.positions ?? new PositionsCache(bridge.pool) };
    await app.register(dashboardRoutes(deps));

    app.get(
      '/trading/equity-curve',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Curva de patrimônio do período (termina no saldo da conta)',
          querystring: RangeQuerySchema,
          response: { 200: EquityCurveResponseSchema, ...errors },
        },
      },
      async (req) => {
        const range = resolveRange(req.query, DEFAULT_DAYS);
        const userId = authOf(req).user.id;
        const { curve, basis } = await equityCurveOf(deps, userId, range, req.query.magic);
        return { success: true as const, equity_curve: curve, balance_basis: basis };
      },
    );

    app.get(
      '/bridge/trades',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Posições fechadas (trades) do período',
          querystring: TradesQuerySchema,
          response: { 200: TradesResponseSchema, ...errors },
        },
      },
      async (req) => tradesOf(deps, authOf(req).user.id, req.query),
    );

    app.get(
      '/api/reports/summary',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Resumo dos relatórios do período',
          querystring: z.object({ range: ReportRangeSchema.default('7d') }),
          response: { 200: ReportsSummaryResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await reportsSummaryOf(deps, authOf(req).user.id, reportRange(req.query.range)),
      }),
    );
  };
