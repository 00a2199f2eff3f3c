import { BacktestRequestSchema, BacktestResponseSchema } from '../backtest/api.schema.js';
import { defineEndpoint } from './define-endpoint.js';

/** The bot's strategies over past or simulated bars, with the same code the live bot runs. */
export const backtestEndpoints = {
  run: defineEndpoint({
    method: 'POST',
    path: '/api/bot/backtest',
    access: 'authenticated',
    tags: ['bot'],
    summary:
      'Backtest de uma configuração sobre barras armazenadas, um CSV enviado ou o mercado do simulador',
    body: BacktestRequestSchema,
    response: BacktestResponseSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
};
