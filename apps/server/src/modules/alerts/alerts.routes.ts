import {
  AlertsConfigResponseSchema,
  AlertsConfigSchema,
  ApiErrorSchema,
  RecentAlertsResponseSchema,
  SaveAlertsConfigResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import type { AlertDispatcher } from './alert-dispatcher.js';
import { alertsConfigOf, saveAlertsConfig } from './alerts-config.service.js';

const tags = ['alerts'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
// Any logged-in user sees their alerts (trading.md §6); a viewer reads but changes nothing.
const configurers = { access: ['admin', 'user', 'trader'] as const };

/** trading.md §7: the caller's own alerts configuration and recent alerts. */
export const alertsRoutes =
  (deps: { pool: pg.Pool; dispatcher: AlertDispatcher }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/alerts/config',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Configuração de alertas do usuário (ou a padrão, se nunca salva)',
          response: { 200: AlertsConfigResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        config: await alertsConfigOf(deps.pool, authOf(req).user.id),
      }),
    );

    app.post(
      '/api/alerts/config',
      {
        config: configurers,
        schema: {
          tags,
          summary: 'Salva a configuração completa de alertas do usuário',
          body: AlertsConfigSchema,
          response: { 200: SaveAlertsConfigResponseSchema, ...errors },
        },
      },
      async (req) => {
        await saveAlertsConfig(deps.pool, { userId: authOf(req).user.id, ip: req.ip }, req.body);
        return { success: true as const };
      },
    );

    app.get(
      '/api/alerts/recent',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Alertas recentes do usuário, com o resultado do envio por canal',
          response: { 200: RecentAlertsResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        alerts: await deps.dispatcher.recent(authOf(req).user.id),
      }),
    );
  };
