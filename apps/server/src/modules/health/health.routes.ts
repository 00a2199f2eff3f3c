import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { DatabaseStatus } from '../../db/database-status.js';
import { route } from '../../http/endpoint-route.js';
import type { RedisLink } from '../cluster/redis-link.js';
import { probePool, sharedPing } from './database-ping.js';
import { checkDisk, checkRedis } from './dependency-checks.js';
import type { MailWatch } from './mail-watch.js';

const api = endpoints.health;

export interface HealthDeps {
  pool: pg.Pool;
  status: DatabaseStatus;
  mode: 'embedded' | 'external';
  version: string;
  startedAt: number;
  /** REDIS_URL's link; none when this instance runs alone. */
  redis: RedisLink | undefined;
  mail: MailWatch;
  /** DATA_DIR, whose free space is reported. */
  dataDir: string;
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
        const [latency, redis, disk] = await Promise.all([
          status.state === 'up' ? ping() : null,
          checkRedis(deps.redis),
          checkDisk(deps.dataDir),
        ]);
        const mail = deps.mail.health();
        const ok = latency !== null;
        const outage = status.lastOutage;
        // Only the database takes an instance out of rotation. Redis is shared: when it is down
        // it is down for every instance, and each still serves its own agents and browsers, so a
        // 503 would turn a degraded cluster into no service at all. Mail and disk likewise.
        const degraded = !ok || redis.state === 'down' || mail.state === 'failing' || disk.low;
        if (!ok) reply.header('retry-after', '5');
        return reply.code(ok ? 200 : 503).send({
          success: ok,
          status: degraded ? 'degraded' : 'ok',
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
          redis,
          mail,
          disk,
        });
      },
      { responses: { 503: api.check.response } },
    );
  };
