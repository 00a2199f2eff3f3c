import {
  ApiErrorSchema,
  CLIENT_LOG_MAX_BYTES,
  ClientLogResponseSchema,
  ClientLogSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { recordClientLog } from './client-log.service.js';

/** Interface crash reports: size-capped and rate-limited per address, so nobody can flood them. */
export const clientLogRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/client-log',
      {
        bodyLimit: CLIENT_LOG_MAX_BYTES,
        config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['sistema'],
          summary: 'Registra uma falha da interface',
          body: ClientLogSchema,
          response: {
            201: ClientLogResponseSchema,
            400: ApiErrorSchema,
            413: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const id = await recordClientLog(deps, req.body, req.ip);
        req.log.warn(
          { clientLogId: id, message: req.body.message.slice(0, 200) },
          'interface crash reported',
        );
        return reply.code(201).send({ success: true, id });
      },
    );
  };
