import { apiErrorMessages, endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type pg from 'pg';
import type { WebSocket } from '@fastify/websocket';
import { authOf, tokenOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { HttpError } from '../../http/http-error.js';
import type { SessionCache } from '../auth/session-cache.js';
import { type LiveChannel, SseChannel } from './live-channels.js';
import { chunkedHead, httpChunkText } from './live-frames.js';
import type { LiveHub } from './live-hub.js';
import type { LiveTickets } from './live-tickets.js';
import { takeUpgrades } from './live-upgrade.js';
import { wsHandshake } from './live-ws.js';

const api = endpoints.live;
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

function ignore(): void {
  // A socket error just ends it.
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
  (deps: {
    pool: pg.Pool;
    hub: LiveHub;
    tickets: LiveTickets;
    sessions?: SessionCache;
    /** The Host names the API answers to: only those open without Fastify's routing. */
    allowedHosts?: readonly string[];
  }): FastifyPluginAsync =>
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

    route(app, api.ticket, async (req) => {
      const auth = authOf(req);
      const { ticket, expiresAt } = await deps.tickets.issue({
        userId: auth.user.id,
        sessionId: auth.sessionId,
        token: tokenOf(req) ?? '',
      });
      return { success: true as const, ticket, expires_at: expiresAt.toISOString() };
    });

    // The ticket in the query is the credential: single use and valid for 30 s.
    route(app, api.events, async (req, reply) => {
      const mark = deps.hub.mark();
      const who = await deps.tickets.spend(req.query.ticket);
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
    });

    const handshake = wsHandshake({ ...deps, watch });

    app.get(
      api.ws.path,
      { websocket: true, config: { access: api.ws.access }, schema: { hide: true } },
      (socket) => {
        releaseUpgradeHold(socket);
        handshake(socket);
      },
    );

    // The plain upgrade, the one every browser sends, is taken before Fastify routes it.
    if (deps.allowedHosts) {
      takeUpgrades(app, {
        path: api.ws.path,
        allowedHosts: deps.allowedHosts,
        accept: (socket) => {
          socket.on('error', ignore);
          handshake(socket);
        },
      });
    }
  };
