import { endpoints, LIVE_CONNECTIONS_PER_USER } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { route } from '../../http/endpoint-route.js';
import type { EventBus } from '../live/event-bus.js';
import type { LiveHub } from '../live/live-hub.js';
import type { AgentRegistry } from './agent-registry.js';
import { bridgeHealthFigures } from './bridge-health.service.js';

/**
 * The 'Bridge Health' panel: live channels, agents and sessions, the limits in force, and what
 * agents sent that was refused for good.
 */
export const bridgeHealthRoutes =
  (deps: {
    pool: pg.Pool;
    hub: LiveHub;
    agents: AgentRegistry;
    bus: EventBus;
    webOrigins: string[];
    rateBackend: 'memory' | 'redis';
  }): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.bridge.health, async () => {
      const { activeSessions, rejections } = await bridgeHealthFigures(deps.pool);
      const live = deps.hub.counts();
      return {
        success: true as const,
        status: 'ok' as const,
        ws_users: live.users,
        ws_connections: live.connections,
        agents_connected: deps.agents.count(),
        active_sessions: activeSessions,
        rate_backend: deps.rateBackend,
        per_user_limit: LIVE_CONNECTIONS_PER_USER,
        allowed_origins: deps.webOrigins,
        events_published: deps.bus.published,
        rejections_24h: rejections.last24h,
        recent_rejections: rejections.recent,
        server_time: new Date().toISOString(),
      };
    });
  };
