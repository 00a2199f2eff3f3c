import { CLIENT_LOG_MAX_BYTES, endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { route } from '../../http/endpoint-route.js';
import { recordClientLog } from './client-log.service.js';

const api = endpoints.clientLog;

/** Interface crash reports: size-capped and rate-limited per address, so nobody can flood them. */
export const clientLogRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      api.report,
      async (req) => {
        const id = await recordClientLog(deps, req.body, req.ip);
        req.log.warn(
          { clientLogId: id, message: req.body.message.slice(0, 200) },
          'interface crash reported',
        );
        return { success: true as const, id };
      },
      {
        bodyLimit: CLIENT_LOG_MAX_BYTES,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
    );
  };
