import { HealthSchema } from '../api/health.schema.js';
import { defineEndpoint } from './define-endpoint.js';

/** Where the OpenAPI UI and document are served (its plugin registers the routes under it). */
export const API_DOCS_PATH = '/api/docs';

/** The load balancer's probe. */
export const healthEndpoints = {
  /** 200 when the database answers, else 503 with the same schema (and Retry-After). */
  check: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['sistema'],
    summary: 'Estado do servidor e do banco de dados',
    response: HealthSchema,
    errors: [],
  }),
};
