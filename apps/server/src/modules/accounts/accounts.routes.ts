import { AccountsResponseSchema, ApiErrorSchema, ChooseAccountRequestSchema } from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { accountsView, chooseCurrentAccount } from './accounts.service.js';

const tags = ['accounts'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

async function accountsAnswer(pool: pg.Pool, userId: number) {
  return { success: true as const, data: await accountsView(pool, userId) };
}

/** GET /api/accounts and PUT /api/accounts/current: the account switcher's (issue 16). */
export const accountsRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/accounts',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Contas MT5 do usuário e a conta que as telas mostram',
          response: { 200: AccountsResponseSchema, ...errors },
        },
      },
      async (req) => accountsAnswer(deps.pool, authOf(req).user.id),
    );

    app.put(
      '/api/accounts/current',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Escolhe a conta que as telas de negociação mostram',
          body: ChooseAccountRequestSchema,
          response: { 200: AccountsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const userId = authOf(req).user.id;
        await chooseCurrentAccount(deps.pool, userId, req.body.account_id);
        return accountsAnswer(deps.pool, userId);
      },
    );
  };
