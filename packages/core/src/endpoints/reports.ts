import { defineEndpoint } from './define-endpoint.js';

/** The reports endpoints (filled in as the server's routes move onto the table). */
export const reportsEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
