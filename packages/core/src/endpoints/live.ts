import { defineEndpoint } from './define-endpoint.js';

/** The live endpoints (filled in as the server's routes move onto the table). */
export const liveEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
