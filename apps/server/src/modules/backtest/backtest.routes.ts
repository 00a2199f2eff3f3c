import { BACKTEST_MAX_CSV_BYTES, endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { createBacktestPool } from './backtest.pool.js';
import { runBacktest } from './backtest.service.js';

/** The bot's strategies over past or simulated bars, with the same code the live bot runs. */
export const backtestRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    const backtests = createBacktestPool();
    app.addHook('onClose', () => backtests.close());
    route(
      app,
      endpoints.backtest.run,
      async (req) => runBacktest({ pool: deps.pool, backtests }, authOf(req).user.id, req.body),
      // A CSV of a year of M1 bars, and the rest of the body.
      { bodyLimit: BACKTEST_MAX_CSV_BYTES + 256 * 1024 },
    );
  };
