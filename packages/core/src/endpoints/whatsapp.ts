import { defineEndpoint } from './define-endpoint.js';

/** The whatsapp endpoints (filled in as the server's routes move onto the table). */
export const whatsappEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
