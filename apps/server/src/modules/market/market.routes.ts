import { ApiErrorSchema, MarketBarsQuerySchema, MarketBarsResponseSchema } from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import { marketService, type MarketDeps } from './market.service.js';

const tags = ['market'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** Price data of the caller's own current MT5 account, for the charts. */
export const marketRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const market = marketService(deps, app.log);

    app.get(
      '/api/market/bars',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Barras de preço de um símbolo da conta atual (M1 agregado quando preciso)',
          querystring: MarketBarsQuerySchema,
          response: { 200: MarketBarsResponseSchema, ...errors },
        },
      },
      async (req) => market.barsOf(authOf(req).user.id, req.query),
    );
  };
