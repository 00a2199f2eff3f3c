import { ClientLogResponseSchema, ClientLogSchema } from '../api/client-log.schema.js';
import { defineEndpoint } from './define-endpoint.js';

/** Interface crash reports: size-capped and rate-limited per address, so nobody can flood them. */
export const clientLogEndpoints = {
  /** 413 past CLIENT_LOG_MAX_BYTES, 429 past the rate limit. */
  report: defineEndpoint({
    method: 'POST',
    status: 201,
    path: '/api/client-log',
    access: 'public',
    tags: ['sistema'],
    summary: 'Registra uma falha da interface',
    body: ClientLogSchema,
    response: ClientLogResponseSchema,
    errors: [400, 413, 429],
  }),
};
