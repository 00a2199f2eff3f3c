import {
  AccountsResponseSchema,
  ApiErrorSchema,
  ChooseAccountRequestSchema,
  accountMessages,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import { accountsOf, chooseAccount } from './accounts.repo.js';

const tags = ['accounts'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

async function accountsAnswer(pool: pg.Pool, userId: number) {
  const [accounts, current] = await Promise.all([
    accountsOf(pool, userId),
    currentAccountOf(pool, userId),
  ]);
  return { success: true as const, data: { accounts, current_id: current?.id ?? null } };
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
        if (!(await chooseAccount(deps.pool, userId, req.body.account_id))) {
          throw new HttpError(404, accountMessages.notYours);
        }
        return accountsAnswer(deps.pool, userId);
      },
    );
  };
