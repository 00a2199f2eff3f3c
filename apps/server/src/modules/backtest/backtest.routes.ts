import {
  ApiErrorSchema,
  BACKTEST_MAX_CSV_BYTES,
  BacktestRequestSchema,
  BacktestResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { createBacktestPool } from './backtest.pool.js';
import { runBacktest } from './backtest.service.js';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** The bot's strategies over past or simulated bars, with the same code the live bot runs. */
export const backtestRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    const backtests = createBacktestPool();
    app.addHook('onClose', () => backtests.close());
    app.post(
      '/api/bot/backtest',
      {
        config: { access: 'authenticated' },
        // A CSV of a year of M1 bars, and the rest of the body.
        bodyLimit: BACKTEST_MAX_CSV_BYTES + 256 * 1024,
        schema: {
          tags: ['bot'],
          summary:
            'Backtest de uma configuração sobre barras armazenadas, um CSV enviado ou o mercado do simulador',
          body: BacktestRequestSchema,
          response: { 200: BacktestResponseSchema, ...errors },
        },
      },
      async (req) => runBacktest({ pool: deps.pool, backtests }, authOf(req).user.id, req.body),
    );
  };
