import {
  apiErrorMessages,
  ApiErrorSchema,
  LiveQuerySchema,
  LiveTicketSchema,
  LiveWsAuthSchema,
  liveMessages,
  type LiveWsControl,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type pg from 'pg';
import type { WebSocket } from '@fastify/websocket';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import { identityForTicket, identityForToken, type LiveIdentity } from './live-auth.js';
import { type LiveChannel, SseChannel, WsChannel } from './live-channels.js';
import { chunkedHead, httpChunkText } from './live-frames.js';
import type { LiveHub } from './live-hub.js';
import { issueLiveTicket } from './live-tickets.repo.js';

const tags = ['eventos'];
/** A WebSocket must authenticate within this time. */
const WS_AUTH_MS = 10_000;
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

const kChannel = Symbol('live channel');
type Watched = { [kChannel]?: LiveChannel };

/** An ASCII chunk: written in one piece with the head, which node:http writes as latin1. */
function readyChunk(userId: number): string {
  return httpChunkText(`retry: 500\nevent: ready\ndata: {"user_id":${userId}}\n\n`);
}

// Module functions rather than closures per socket: a channel holds only what it needs.
function control(socket: WebSocket, m: LiveWsControl): void {
  socket.send(JSON.stringify(m));
}

function fail(socket: WebSocket, error: string, code: number): void {
  control(socket, { type: 'error', error });
  socket.close(code, code === 1013 ? 'try again later' : 'unauthorized');
}

function expireWs(socket: WebSocket): void {
  fail(socket, liveMessages.sessionEnded, 4401);
}

function ignore(): void {
  // Messages after the first carry nothing the server uses; a socket error just ends it.
}

/** Fastify's response listeners would hold its request and reply for a stream's whole life. */
function releaseFastifyHold(res: ServerResponse): void {
  res.removeAllListeners('finish');
  res.removeAllListeners('error');
  res.on('error', ignore);
}

/**
 * @fastify/websocket's error listener and the placeholder response it attached to the socket
 * would hold the upgrade's request and reply for the channel's whole life.
 */
function releaseUpgradeHold(socket: WebSocket): void {
  socket.removeAllListeners('error');
  socket.on('error', ignore);
  const raw = (socket as unknown as { _socket?: Socket & { _httpMessage?: ServerResponse | null } })
    ._socket;
  if (raw?._httpMessage) raw._httpMessage.detachSocket(raw);
}

export const liveRoutes =
  (deps: { pool: pg.Pool; hub: LiveHub }): FastifyPluginAsyncZod =>
  async (app) => {
    // One listener for every channel's socket: a channel keeps no closure of its own.
    function forget(this: Watched): void {
      const channel = this[kChannel];
      if (channel) deps.hub.remove(channel);
    }
    function watch(socket: Socket | WebSocket, channel: LiveChannel): void {
      (socket as Watched)[kChannel] = channel;
      socket.on('close', forget);
    }

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
        const mark = deps.hub.mark();
        const who = await identityForTicket(deps.pool, req.query.ticket);
        const res = reply.raw;
        const socket = res.socket;
        // Gone while its ticket was read: nothing to open (it would hold a slot forever).
        if (!socket || socket.destroyed) return reply.hijack();
        const channel = new SseChannel(who, socket);
        if (!deps.hub.admit(channel, mark)) {
          throw new HttpError(429, apiErrorMessages.tooManyRequests);
        }
        reply.hijack();
        // The head every route sends (security headers and all, as set on the reply), written
        // and forgotten; the stream's bytes go straight to the socket from here on.
        const head = chunkedHead(reply.getHeaders(), SSE_HEADERS);
        socket.write(head + readyChunk(who.userId), 'latin1');
        watch(socket, channel);
        releaseFastifyHold(res);
        // node:http lets go of the response: nothing of it or of Fastify's stays with a stream.
        res.detachSocket(socket);
        return reply;
      },
    );

    app.get(
      '/api/bridge/ws',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      (socket) => {
        releaseUpgradeHold(socket);
        const timer = setTimeout(fail, WS_AUTH_MS, socket, liveMessages.firstMessage, 4401);
        const stopTimer = () => clearTimeout(timer);
        socket.once('close', stopTimer);
        socket.once('message', (data: Buffer) => {
          stopTimer();
          // Nothing of the handshake stays with an open channel.
          socket.off('close', stopTimer);
          void openWs(socket, data);
        });
        socket.on('message', ignore);
      },
    );

    async function openWs(socket: WebSocket, data: Buffer): Promise<void> {
      const mark = deps.hub.mark();
      let who: LiveIdentity;
      try {
        who = await authenticateFirst(data.toString('utf8'));
      } catch (err) {
        // 1013, try again later: the ticket may be good, the database could not tell.
        if (isDatabaseUnavailable(err)) fail(socket, apiErrorMessages.databaseUnavailable, 1013);
        else
          fail(socket, err instanceof HttpError ? err.message : liveMessages.ticketInvalid, 4401);
        return;
      }
      // Gone while it authenticated: nothing to add (it would hold a slot forever).
      if (socket.readyState !== socket.OPEN) return;
      const channel = new WsChannel(who, socket, expireWs);
      if (!deps.hub.admit(channel, mark)) {
        fail(socket, apiErrorMessages.tooManyRequests, 4429);
        return;
      }
      watch(socket, channel);
      const connected: LiveWsControl = { type: 'ws_connected', user_id: who.userId };
      channel.sendText(JSON.stringify(connected));
    }

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
