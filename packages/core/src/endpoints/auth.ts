import { defineEndpoint } from './define-endpoint.js';

/** The auth endpoints (filled in as the server's routes move onto the table). */
export const authEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
