import { ApiErrorSchema, AuditSearchQuerySchema, AuditSearchResponseSchema } from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';

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
        const q = req.query;
        const where = `action LIKE 'bridge%'
          AND ($1::bigint IS NULL OR target_user_id = $1)
          AND ($2::text IS NULL OR action = $2)
          AND ($3::timestamptz IS NULL OR created_at >= $3)
          AND ($4::timestamptz IS NULL OR created_at <= $4)`;
        const params = [q.user_id ?? null, q.event_type ?? null, q.from ?? null, q.to ?? null];
        const [count, page] = await Promise.all([
          deps.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM audit_log WHERE ${where}`,
            params,
          ),
          deps.pool.query<{
            id: number;
            target_user_id: number | null;
            actor_user_id: number | null;
            action: string;
            created_at: Date;
            meta: unknown;
          }>(
            `SELECT id, target_user_id, actor_user_id, action, created_at, meta FROM audit_log WHERE ${where}
             ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
            [...params, q.page_size, (q.page - 1) * q.page_size],
          ),
        ]);
        return {
          success: true as const,
          total: count.rows[0]?.n ?? 0,
          page: q.page,
          page_size: q.page_size,
          items: page.rows.map((r) => ({
            id: r.id,
            user_id: r.target_user_id,
            actor_user_id: r.actor_user_id,
            event_type: r.action,
            created_at: r.created_at.toISOString(),
            meta_json: JSON.stringify(r.meta),
          })),
        };
      },
    );
  };
