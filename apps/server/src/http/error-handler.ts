import { apiErrorMessages as msg, INVALID_DATA, invalidFieldMessage } from '@vortex/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db-errors.js';
import { HttpError } from './http-error.js';

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, msg.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, msg.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, msg.badRequest],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Corpo JSON vazio.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'JSON inválido.'],
};

/**
 * SQLSTATE class 22, data exception, and 23514, a CHECK refusing a value (the agent's bounds
 * are CHECKs on deals, orders and figures): a value no schema caught.
 */
const DATA_EXCEPTION = /^(22[0-9A-Z]{3}|23514)$/;

function byStatus(status: number): string {
  if (status === 401) return msg.unauthorized;
  if (status === 403) return msg.forbidden;
  if (status === 404) return msg.notFound;
  if (status === 413) return msg.tooLarge;
  if (status === 415) return msg.unsupportedMediaType;
  if (status === 429) return msg.tooManyRequests;
  return msg.badRequest;
}

/**
 * Maps every failure to { success: false, error } with a pt-BR message and the right status. A
 * database that is away is a 503 to try again later, and `onDatabaseUnavailable` hears of it.
 */
export function installErrorHandling(
  app: FastifyInstance,
  onDatabaseUnavailable: (err: unknown) => void = () => undefined,
): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // The field by its pt-BR label (fieldLabels), never by its wire key.
      const error = first
        ? invalidFieldMessage(first.instancePath.split('/').filter(Boolean), first.message ?? '')
        : INVALID_DATA;
      return reply.code(400).send({ success: false, error });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ success: false, error: err.message });
    }
    const known = BY_CODE[err.code];
    if (known) return reply.code(known[0]).send({ success: false, error: known[1] });
    // JSON bodies with __proto__ or constructor.prototype are refused by the parser.
    if (err instanceof SyntaxError)
      return reply.code(400).send({ success: false, error: 'JSON inválido.' });
    // pg's errors carry no HTTP status; a client's aborted upload (ECONNRESET) carries a 4xx.
    if ((err.statusCode ?? 500) >= 500 && isDatabaseUnavailable(err)) {
      onDatabaseUnavailable(err);
      // Told once per outage by the database status, not once per request.
      req.log.debug({ err: err.message }, 'database unavailable');
      return (
        reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          // Whatever the route's own 503 looks like (/health's), this one is the envelope.
          .serializer(JSON.stringify)
          .send({ success: false, error: msg.databaseUnavailable })
      );
    }
    // A value no schema caught that PostgreSQL cannot take (SQLSTATE class 22: a NUL, a date
    // out of its range; 23514: outside a CHECK's bounds): the request's fault, so a 400; the
    // code is logged, never the value.
    if (!err.statusCode && DATA_EXCEPTION.test(err.code)) {
      req.log.warn({ sqlstate: err.code, route: req.routeOptions.url }, 'database refused a value');
      return reply.code(400).send({ success: false, error: msg.badRequest });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, error: byStatus(status) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ success: false, error: msg.internal });
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ success: false, error: msg.notFound }),
  );
}
