import { defineEndpoint } from './define-endpoint.js';

/** The installer endpoints (filled in as the server's routes move onto the table). */
export const installerEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
