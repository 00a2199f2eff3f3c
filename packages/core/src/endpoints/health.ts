import { HealthSchema } from '../api/health.schema.js';
import { defineEndpoint } from './define-endpoint.js';

/** Where the OpenAPI UI and document are served (its plugin registers the routes under it). */
export const API_DOCS_PATH = '/api/docs';

/** The load balancer's probe. */
export const healthEndpoints = {
  /** 200 when the database answers (Redis, mail or disk may be degraded), else 503 with Retry-After. */
  check: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['sistema'],
    summary: 'Estado do servidor e de suas dependências',
    response: HealthSchema,
    errors: [],
  }),
};
