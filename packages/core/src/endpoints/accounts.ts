import { defineEndpoint } from './define-endpoint.js';

/** The accounts endpoints (filled in as the server's routes move onto the table). */
export const accountsEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
