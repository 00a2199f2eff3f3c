import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import type { AlertDispatcher } from './alert-dispatcher.js';
import { alertsConfigOf, saveAlertsConfig } from './alerts-config.service.js';

const api = endpoints.alerts;

/** trading.md §7: the caller's own alerts configuration and recent alerts. */
export const alertsRoutes =
  (deps: { pool: pg.Pool; dispatcher: AlertDispatcher }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.config, async (req) => ({
      success: true as const,
      config: await alertsConfigOf(deps.pool, authOf(req).user.id),
    }));

    route(app, api.saveConfig, async (req) => {
      await saveAlertsConfig(deps.pool, { userId: authOf(req).user.id, ip: req.ip }, req.body);
      return { success: true as const };
    });

    route(app, api.recent, async (req) => ({
      success: true as const,
      alerts: await deps.dispatcher.recent(authOf(req).user.id),
    }));
  };
