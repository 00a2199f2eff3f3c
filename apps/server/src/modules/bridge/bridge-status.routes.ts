import {
  ApiErrorSchema,
  Mt5AccountInfoSchema,
  Mt5StatusSchema,
  MyBridgesResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import type { AgentRegistry } from './agent-registry.js';
import { latestAccount, liveBridgeFor, myBridges } from './bridge-status.service.js';

const tags = ['bridge'];
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };

/** What the caller's own bridge and MT5 look like now; nobody reads another user's. */
export const bridgeStatusRoutes =
  (deps: { pool: pg.Pool; agents: AgentRegistry }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bridge/my-bridges',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Minhas bridges (claims)',
          response: { 200: MyBridgesResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { items, onboardingCompleted } = await myBridges(deps.pool, authOf(req).user.id);
        return { success: true as const, items, onboarding_completed: onboardingCompleted };
      },
    );

    for (const url of ['/mt5/status', '/api/mt5/status']) {
      app.get(
        url,
        {
          config: { access: 'authenticated' },
          schema: {
            tags,
            summary: 'Estado da conexão MT5',
            response: { 200: Mt5StatusSchema, ...errors },
          },
        },
        async (req, reply) => {
          const live = await liveBridgeFor(deps, authOf(req).user.id);
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
        },
      );
    }

    app.get(
      '/mt5/account_info',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Dados da conta MT5',
          response: { 200: Mt5AccountInfoSchema, ...errors },
        },
      },
      async (req) => {
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
      },
    );
  };
