import { defineEndpoint } from './define-endpoint.js';

/** The bridge endpoints (filled in as the server's routes move onto the table). */
export const bridgeEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
