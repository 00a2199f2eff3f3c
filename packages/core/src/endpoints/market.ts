import { defineEndpoint } from './define-endpoint.js';

/** The market endpoints (filled in as the server's routes move onto the table). */
export const marketEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
