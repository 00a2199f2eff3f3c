import { defineEndpoint } from './define-endpoint.js';

/** The mt5 endpoints (filled in as the server's routes move onto the table). */
export const mt5Endpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
