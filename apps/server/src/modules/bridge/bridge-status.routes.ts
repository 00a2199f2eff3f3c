import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import type { AgentRegistry } from './agent-registry.js';
import { latestAccount, liveBridgeFor, myBridges } from './bridge-status.service.js';

/** What the caller's own bridge and MT5 look like now; nobody reads another user's. */
export const bridgeStatusRoutes =
  (deps: { pool: pg.Pool; agents: AgentRegistry }): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.bridge.myBridges, async (req) => {
      const { items, onboardingCompleted } = await myBridges(deps.pool, authOf(req).user.id);
      return { success: true as const, items, onboarding_completed: onboardingCompleted };
    });

    route(app, endpoints.mt5.status, async (req, reply) => {
      const live = liveBridgeFor(deps, authOf(req).user.id);
      void reply.header('x-mt5-source', 'bridge');
      return {
        success: true as const,
        connected: live.bridgeConnected && live.mt5Connected,
        mt5_connected: live.mt5Connected,
        bridge_connected: live.bridgeConnected,
        account: live.accountNumber,
        login: live.accountNumber,
        server: live.server,
        source: 'bridge' as const,
      };
    });

    route(app, endpoints.mt5.accountInfo, async (req) => {
      const a = await latestAccount(deps.pool, authOf(req).user.id);
      if (!a) return { success: true as const, login: null, account: null };
      const { account_number, account_at, ...rest } = a;
      return {
        success: true as const,
        login: account_number,
        account: {
          login: account_number,
          ...rest,
          updated_at: account_at?.toISOString() ?? null,
        },
      };
    });
  };
