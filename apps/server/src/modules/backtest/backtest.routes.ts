import {
  ApiErrorSchema,
  BACKTEST_MAX_CSV_BYTES,
  BacktestRequestSchema,
  BacktestResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { runBacktest } from './backtest.service.js';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** The bot's strategies over past bars, with the same code the live bot runs. */
export const backtestRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/bot/backtest',
      {
        config: { access: 'authenticated' },
        // A CSV of a year of M1 bars, and the rest of the body.
        bodyLimit: BACKTEST_MAX_CSV_BYTES + 256 * 1024,
        schema: {
          tags: ['bot'],
          summary: 'Backtest de uma configuração sobre barras armazenadas ou um CSV enviado',
          body: BacktestRequestSchema,
          response: { 200: BacktestResponseSchema, ...errors },
        },
      },
      async (req) => runBacktest(deps.pool, authOf(req).user.id, req.body),
    );
  };
