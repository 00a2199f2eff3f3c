import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import type { DatabaseStatus } from '../../db/database-status.js';
import { route } from '../../http/endpoint-route.js';

const api = endpoints.health;

export interface HealthDeps {
  pool: pg.Pool;
  status: DatabaseStatus;
  mode: 'embedded' | 'external';
  version: string;
  startedAt: number;
}

async function pingDatabase(pool: pg.Pool, status: DatabaseStatus): Promise<number | null> {
  const t0 = performance.now();
  try {
    await pool.query('SELECT 1');
    return Math.round((performance.now() - t0) * 100) / 100;
  } catch (err) {
    status.report(err);
    return null;
  }
}

/**
 * The probe's own one-connection pool, with the app pool's settings: a load balancer's probe must
 * not queue behind the requests whose server it checks (a burst of reads holding all 20).
 */
function probePool(pool: pg.Pool): pg.Pool {
  const probe = new pg.Pool({ ...pool.options, max: 1 });
  probe.on('error', () => undefined);
  probe.on('connect', (client) => client.on('error', () => undefined));
  return probe;
}

/** A database answer this recent is the answer: probes every few ms never queue on PostgreSQL. */
export const HEALTH_PING_REUSE_MS = 1000;

/**
 * One ping in flight at a time, and a successful one reused for HEALTH_PING_REUSE_MS: a burst of
 * probes (or anyone polling /health in a loop) costs the database one `SELECT 1` a second, and a
 * probe measures the server, not its wait for a busy PostgreSQL. A failure is never reused, and
 * an outage seen by any query answers at once through `status.state`.
 */
export function sharedPing(probe: pg.Pool, status: DatabaseStatus): () => Promise<number | null> {
  let inflight: Promise<number | null> | undefined;
  let last: { at: number; latency: number } | undefined;
  return () => {
    if (last && performance.now() - last.at < HEALTH_PING_REUSE_MS) {
      return Promise.resolve(last.latency);
    }
    inflight ??= pingDatabase(probe, status).then((latency) => {
      inflight = undefined;
      last = latency === null ? undefined : { at: performance.now(), latency };
      return latency;
    });
    return inflight;
  };
}

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsync =>
  async (app) => {
    const probe = probePool(deps.pool);
    const ping = sharedPing(probe, deps.status);
    app.addHook('onClose', () => probe.end());
    route(
      app,
      api.check,
      async (_req, reply) => {
        const { status } = deps;
        // While it is known to be away, say so at once: its watcher probes it every second.
        const latency = status.state === 'up' ? await ping() : null;
        const ok = latency !== null;
        const outage = status.lastOutage;
        if (!ok) reply.header('retry-after', '5');
        return reply.code(ok ? 200 : 503).send({
          success: ok,
          status: ok ? 'ok' : 'degraded',
          version: deps.version,
          uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
          database: {
            reachable: ok,
            mode: deps.mode,
            latency_ms: latency,
            state: ok ? 'up' : status.state === 'restarting' ? 'restarting' : 'down',
            restarts: status.restarts,
            last_outage: outage && {
              started_at: outage.startedAt.toISOString(),
              ended_at: outage.endedAt?.toISOString() ?? null,
              reason: outage.reason,
            },
          },
        });
      },
      { responses: { 503: api.check.response } },
    );
  };
