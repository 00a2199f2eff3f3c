import { MarketBarsQuerySchema, MarketBarsResponseSchema } from '../market/index.js';
import { defineEndpoint } from './define-endpoint.js';

/** Price data of the caller's own current MT5 account, for the charts. */
export const marketEndpoints = {
  bars: defineEndpoint({
    method: 'GET',
    path: '/api/market/bars',
    access: 'authenticated',
    tags: ['market'],
    summary: 'Barras de preço de um símbolo da conta atual (M1 agregado quando preciso)',
    query: MarketBarsQuerySchema,
    response: MarketBarsResponseSchema,
  }),
};
