import { defineEndpoint } from './define-endpoint.js';

/** The health endpoints (filled in as the server's routes move onto the table). */
export const healthEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
