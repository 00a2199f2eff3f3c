import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { accountsView, chooseCurrentAccount } from './accounts.service.js';

const api = endpoints.accounts;

async function accountsAnswer(pool: pg.Pool, userId: number) {
  return { success: true as const, data: await accountsView(pool, userId) };
}

/** The account switcher's (issue 16): the caller's MT5 accounts and the one the screens show. */
export const accountsRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, async (req) => accountsAnswer(deps.pool, authOf(req).user.id));

    route(app, api.choose, async (req) => {
      const userId = authOf(req).user.id;
      await chooseCurrentAccount(deps.pool, userId, req.body.account_id);
      return accountsAnswer(deps.pool, userId);
    });
  };
