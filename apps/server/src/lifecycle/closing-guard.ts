import { apiErrorMessages } from '@vortex/core';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The API's answer: our envelope, whatever the route's own 503 looks like (/health's). */
const envelope = (reply: FastifyReply) =>
  reply.serializer(JSON.stringify).send({ success: false, error: apiErrorMessages.shuttingDown });

/**
 * Once the server starts closing, a request still arriving (pipelined, or on a keep-alive
 * connection busy until now) gets our 503 envelope in pt-BR and the connection is closed after
 * it; requests already running finish. Replaces Fastify's return503OnClosing, whose body is
 * English and outside the envelope. Install it before any hook that reads the database.
 */
export function installClosingGuard(
  app: FastifyInstance,
  answer: (reply: FastifyReply) => FastifyReply = envelope,
): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    return answer(reply.code(503).header('connection', 'close').header('retry-after', '5'));
  });
}
