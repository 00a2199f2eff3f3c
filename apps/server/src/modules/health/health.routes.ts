import { HealthSchema } from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';

export interface HealthDeps {
  pool: pg.Pool;
  mode: 'embedded' | 'external';
  version: string;
  startedAt: number;
}

async function pingDatabase(pool: pg.Pool): Promise<number | null> {
  const t0 = performance.now();
  try {
    await pool.query('SELECT 1');
    return Math.round((performance.now() - t0) * 100) / 100;
  } catch {
    return null;
  }
}

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sistema'],
          summary: 'Estado do servidor e do banco de dados',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (_req, reply) => {
        const latency = await pingDatabase(deps.pool);
        const ok = latency !== null;
        return reply.code(ok ? 200 : 503).send({
          success: ok,
          status: ok ? 'ok' : 'degraded',
          version: deps.version,
          uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
          database: { reachable: ok, mode: deps.mode, latency_ms: latency },
        });
      },
    );
  };
