import {
  ApiErrorSchema,
  DashboardStatsResponseSchema,
  DealsQuerySchema,
  DealsResponseSchema,
  OverviewResponseSchema,
  PositionsResponseSchema,
  RangeQuerySchema,
  RealtimeResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import { dealsOf } from './deals.service.js';
import { openBookOf, realtimeOf, type RealtimeDeps } from './realtime.service.js';
import { dashboardOverview, dashboardStats, type TradingReadDeps } from './statistics.service.js';
import { resolveRange, todayRange } from './trading-range.js';

const tags = ['trading'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
/** The statistics screen's default period (spec §2). */
export const DEFAULT_DAYS = 30;

/** The dashboard's reads; every figure comes from the caller's own account only. */
export const dashboardRoutes =
  (deps: RealtimeDeps & TradingReadDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard/realtime',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Dados em tempo real do painel',
          response: { 200: RealtimeResponseSchema, ...errors },
        },
      },
      async (req) => {
        const range = resolveRange({}, DEFAULT_DAYS);
        return { success: true as const, data: await realtimeOf(deps, authOf(req).user.id, range) };
      },
    );

    app.get(
      '/dashboard/deals',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Deals do período (hoje por padrão)',
          querystring: DealsQuerySchema,
          response: { 200: DealsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const q = req.query;
        const given = q.start !== undefined || q.end !== undefined || q.days !== undefined;
        const range = given ? resolveRange(q, DEFAULT_DAYS) : todayRange();
        const data = await dealsOf(deps.pool, authOf(req).user.id, {
          ...range,
          magic: q.magic,
          limit: q.limit,
        });
        return { success: true as const, data };
      },
    );

    app.get(
      '/dashboard/overview',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Cartões e gráficos do painel',
          querystring: RangeQuerySchema,
          response: { 200: OverviewResponseSchema, ...errors },
        },
      },
      async (req) => {
        const range = resolveRange(req.query, DEFAULT_DAYS);
        const userId = authOf(req).user.id;
        const data = await dashboardOverview(deps, userId, range, req.query.magic);
        return { success: true as const, data };
      },
    );

    app.get(
      '/dashboard/stats',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Estatísticas do período com o resumo diário',
          querystring: RangeQuerySchema,
          response: { 200: DashboardStatsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const range = resolveRange(req.query, DEFAULT_DAYS);
        const userId = authOf(req).user.id;
        const data = await dashboardStats(deps, userId, range, req.query.magic);
        return { success: true as const, data };
      },
    );

    app.get(
      '/dashboard/positions',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Posições abertas e ordens pendentes',
          querystring: RangeQuerySchema.pick({ no_cache: true, _: true }),
          response: { 200: PositionsResponseSchema, ...errors },
        },
      },
      async (req) => openBookOf(deps, authOf(req).user.id),
    );
  };
