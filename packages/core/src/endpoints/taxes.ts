import { defineEndpoint } from './define-endpoint.js';

/** The taxes endpoints (filled in as the server's routes move onto the table). */
export const taxesEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
