import { defineEndpoint } from './define-endpoint.js';

/** The trading endpoints (filled in as the server's routes move onto the table). */
export const tradingEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
