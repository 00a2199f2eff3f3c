import { defineEndpoint } from './define-endpoint.js';

/** The phone endpoints (filled in as the server's routes move onto the table). */
export const phoneEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
