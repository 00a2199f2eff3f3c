import {
  ApiErrorSchema,
  Mt5AccountInfoSchema,
  Mt5StatusSchema,
  MyBridgesResponseSchema,
  onboardingState,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import type { AgentRegistry } from './agent-registry.js';
import {
  claimsOfUser,
  latestAccountOf,
  liveBridgeOf,
  type LiveBridge,
} from './bridge-status.repo.js';
import { rememberOnboarding } from './onboarding.repo.js';

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
        const userId = authOf(req).user.id;
        const now = Date.now();
        const items = await claimsOfUser(deps.pool, userId, now);
        // Onboarding's rule judged here, on the server's clock, and remembered once it holds.
        const holds = onboardingState(items, now).complete;
        return {
          success: true as const,
          items,
          onboarding_completed: await rememberOnboarding(deps.pool, userId, holds),
        };
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
          const userId = authOf(req).user.id;
          // An agent connected here is known exactly; otherwise the database says what any
          // instance saw in the last 60 s.
          const here = deps.agents.of(userId);
          const live: LiveBridge = here
            ? {
                bridgeConnected: true,
                mt5Connected: here.mt5Alive,
                accountNumber: here.accountNumber ?? null,
                server: here.server ?? null,
              }
            : await liveBridgeOf(deps.pool, userId);
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
        const a = await latestAccountOf(deps.pool, authOf(req).user.id);
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
