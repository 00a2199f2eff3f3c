import { defineEndpoint } from './define-endpoint.js';

/** The backup endpoints (filled in as the server's routes move onto the table). */
export const backupEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
