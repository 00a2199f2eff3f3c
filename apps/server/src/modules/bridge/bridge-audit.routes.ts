import { ApiErrorSchema, AuditSearchQuerySchema, AuditSearchResponseSchema } from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { bridgeAuditPage } from './bridge-admin.service.js';

/** GET /api/bridge/audit/search: the bridge events of the audit log, filtered and paged. */
export const bridgeAuditRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/bridge/audit/search',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['bridge (admin)'],
          querystring: AuditSearchQuerySchema,
          response: {
            200: AuditSearchResponseSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
          },
        },
      },
      async (req) => {
        const { total, items } = await bridgeAuditPage(deps.pool, req.query);
        return {
          success: true as const,
          total,
          page: req.query.page,
          page_size: req.query.page_size,
          items,
        };
      },
    );
  };
