import { defineEndpoint } from './define-endpoint.js';

/** The communication endpoints (filled in as the server's routes move onto the table). */
export const communicationEndpoints = {} satisfies Record<
  string,
  ReturnType<typeof defineEndpoint>
>;
