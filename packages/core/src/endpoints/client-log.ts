import { defineEndpoint } from './define-endpoint.js';

/** The client-log endpoints (filled in as the server's routes move onto the table). */
export const clientLogEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
