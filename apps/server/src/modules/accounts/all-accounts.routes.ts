import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import type { TradingReadDeps } from '../trading/statistics.service.js';
import { resolveRange } from '../trading/trading-range.js';
import { allAccountsView } from './all-accounts.service.js';

/** 'Todo o histórico' when no start is given: the first day a range query accepts, as the web's. */
const HISTORY_START = '1970-01-01';

/**
 * 'Todas as contas' (issue 26): the caller's own accounts only, admins included, as every
 * trading read; the positions cache is the one the statistics screen reads.
 */
export const allAccountsRoutes =
  (deps: TradingReadDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.accounts.all, async (req) => {
      const { start, end, currency } = req.query;
      const range = resolveRange({ start: start ?? HISTORY_START, end }, 1);
      const data = await allAccountsView(deps, authOf(req).user.id, range, currency);
      return { success: true as const, data };
    });
  };
