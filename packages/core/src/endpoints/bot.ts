import { defineEndpoint } from './define-endpoint.js';

/** The bot endpoints (filled in as the server's routes move onto the table). */
export const botEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
