import { API_DOCS_PATH } from '@vortex/core';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate each route. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vórtex API', description: 'API da plataforma Vórtex', version },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // The UI ships its own scripts and styles; allow exactly those, still unframeable.
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:', 'validator.swagger.io'],
      'frame-ancestors': ["'none'"],
    },
  });
}
