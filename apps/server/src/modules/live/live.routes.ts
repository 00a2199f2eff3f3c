import {
  apiErrorMessages,
  ApiErrorSchema,
  LiveQuerySchema,
  LiveTicketSchema,
  LiveWsAuthSchema,
  liveMessages,
  type BridgeEvent,
  type LiveWsControl,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import { identityForTicket, identityForToken, type LiveIdentity } from './live-auth.js';
import type { LiveClient, LiveHub } from './live-hub.js';
import { issueLiveTicket } from './live-tickets.repo.js';

const tags = ['eventos'];
/** A comment line keeps proxies from closing a quiet event stream. */
const SSE_KEEPALIVE_MS = 25_000;
/** A WebSocket must authenticate within this time. */
const WS_AUTH_MS = 10_000;

export const liveRoutes =
  (deps: { pool: pg.Pool; hub: LiveHub }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preClose', (done) => {
      deps.hub.closeAll();
      done();
    });

    app.post(
      '/api/bridge/events/ticket',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Ticket de uso único para abrir o canal de eventos ao vivo',
          response: { 201: LiveTicketSchema, 401: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const auth = authOf(req);
        const { ticket, expiresAt } = await issueLiveTicket(deps.pool, {
          userId: auth.user.id,
          sessionId: auth.sessionId,
        });
        return reply.code(201).send({ success: true, ticket, expires_at: expiresAt.toISOString() });
      },
    );

    app.get(
      '/bridge/events',
      {
        // The ticket in the query is the credential: single use and valid for 30 s.
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Eventos ao vivo (server-sent events)',
          querystring: LiveQuerySchema,
          response: { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const who = await identityForTicket(deps.pool, req.query.ticket);
        const raw = reply.raw;
        const client: LiveClient = {
          ...who,
          send: (e) => raw.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`),
          close: () => raw.end(),
          expire: () => {
            const error = JSON.stringify({ error: liveMessages.sessionEnded });
            raw.end(`event: session_ended\ndata: ${error}\n\n`);
          },
        };
        const remove = deps.hub.add(client);
        if (!remove) throw new HttpError(429, apiErrorMessages.tooManyRequests);
        // The session may have ended between the ticket's check and now.
        void deps.hub.recheck((c) => c === client);
        reply.hijack();
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: 500\nevent: ready\ndata: ${JSON.stringify({ user_id: who.userId })}\n\n`);
        const keepalive = setInterval(() => raw.write(': keepalive\n\n'), SSE_KEEPALIVE_MS);
        raw.on('close', () => {
          clearInterval(keepalive);
          remove();
        });
      },
    );

    app.get(
      '/api/bridge/ws',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      (socket, req) => {
        let remove: (() => void) | null = null;
        const control = (m: LiveWsControl) => socket.send(JSON.stringify(m));
        const fail = (error: string, code: number) => {
          control({ type: 'error', error });
          socket.close(code, code === 1013 ? 'try again later' : 'unauthorized');
        };
        const timer = setTimeout(() => fail(liveMessages.firstMessage, 4401), WS_AUTH_MS);
        socket.on('close', () => {
          clearTimeout(timer);
          remove?.();
        });
        socket.once('message', (data: Buffer) => {
          clearTimeout(timer);
          void authenticateFirst(data.toString('utf8')).then(
            (who) => {
              // Gone while it authenticated: nothing to add (it would hold a slot forever).
              if (socket.readyState !== socket.OPEN) return;
              const client: LiveClient = {
                ...who,
                send: (e: BridgeEvent) => {
                  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(e));
                },
                close: () => socket.close(1001, 'server closing'),
                expire: () => fail(liveMessages.sessionEnded, 4401),
              };
              remove = deps.hub.add(client);
              if (!remove) {
                fail(apiErrorMessages.tooManyRequests, 4429);
                return;
              }
              control({ type: 'ws_connected', user_id: who.userId });
              // The session may have ended between the ticket's check and now.
              void deps.hub.recheck((c) => c === client);
            },
            (err: unknown) => {
              // 1013, try again later: the ticket may be good, the database could not tell.
              if (isDatabaseUnavailable(err)) fail(apiErrorMessages.databaseUnavailable, 1013);
              else fail(err instanceof HttpError ? err.message : liveMessages.ticketInvalid, 4401);
            },
          );
        });
        socket.on('message', () => undefined);
        req.log.debug('live websocket opened');
      },
    );

    async function authenticateFirst(raw: string): Promise<LiveIdentity> {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new HttpError(400, liveMessages.firstMessage);
      }
      const parsed = LiveWsAuthSchema.safeParse(json);
      if (!parsed.success) throw new HttpError(400, liveMessages.firstMessage);
      const { ticket, auth_token } = parsed.data;
      if (ticket) return identityForTicket(deps.pool, ticket);
      return identityForToken(deps.pool, auth_token ?? '');
    }
  };
