import { defineEndpoint } from './define-endpoint.js';

/** The users endpoints (filled in as the server's routes move onto the table). */
export const usersEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
