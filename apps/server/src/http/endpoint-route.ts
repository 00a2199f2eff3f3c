import {
  ApiErrorSchema,
  type Endpoint,
  type EndpointAccess,
  type EndpointAnswer,
} from '@vortex/core';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of `E` receives: params, query and body already parsed by its schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler answers: the endpoint's 200 body, or the reply when it sent something else. */
export type EndpointResult<E extends Endpoint> =
  z.input<E['response']> | EndpointAnswer<E> | FastifyReply;

export interface EndpointRouteOptions {
  /** Route config beyond the table's access and secret params (rate limits, body limits...). */
  config?: Omit<FastifyContextConfig, 'access' | 'secretParams'> & Record<string, unknown>;
  bodyLimit?: number;
  /** Answers besides the success and the table's error statuses (a 503 with a body...), for OpenAPI. */
  responses?: Record<number, z.ZodType>;
}

const DEFAULT_ERRORS: Record<'public' | 'private', readonly number[]> = {
  public: [400],
  private: [400, 401, 403],
};

const errorsOf = (access: EndpointAccess, errors: readonly number[] | undefined) =>
  errors ?? DEFAULT_ERRORS[access === 'public' ? 'public' : 'private'];

/**
 * Registers the route that answers `endpoint` from the table in packages/core: its method,
 * path and aliases, who may call it, its schemas (validated on the way in, serialized on the
 * way out, and published in the OpenAPI document) and its secret path parameters.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    req: EndpointRequest<E>,
    reply: FastifyReply,
  ) => EndpointResult<E> | Promise<EndpointResult<E>>,
  options: EndpointRouteOptions = {},
): void {
  const response: Record<number, z.ZodType> = {
    [endpoint.status ?? 200]: endpoint.response,
    ...options.responses,
  };
  for (const status of errorsOf(endpoint.access, endpoint.errors))
    response[status] = ApiErrorSchema;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.produces ? { produces: [endpoint.produces] } : {}),
    response,
  };
  const config = {
    ...options.config,
    access: endpoint.access,
    ...(endpoint.secretParams ? { secretParams: endpoint.secretParams } : {}),
  };
  // The table's success status is the route's: a handler returns the body, never sets the code.
  const status = endpoint.status;
  const answer =
    status === undefined
      ? handler
      : (req: EndpointRequest<E>, reply: FastifyReply) => handler(req, reply.code(status));
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      schema,
      config,
      ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
      // The one place the table's types meet Fastify's: the schemas above guarantee them.
      handler: answer as unknown as RouteHandlerMethod,
    });
  }
}
