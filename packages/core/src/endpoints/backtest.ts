import { defineEndpoint } from './define-endpoint.js';

/** The backtest endpoints (filled in as the server's routes move onto the table). */
export const backtestEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
