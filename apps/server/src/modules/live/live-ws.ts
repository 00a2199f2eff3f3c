import { apiErrorMessages, LiveWsAuthSchema, liveMessages, type LiveWsControl } from '@vortex/core';
import type { Socket } from 'node:net';
import type pg from 'pg';
import type { WebSocket } from '@fastify/websocket';
import { HttpError } from '../../http/http-error.js';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import type { SessionCache } from '../auth/session-cache.js';
import { identityForToken, type LiveIdentity } from './live-auth.js';
import { type LiveChannel, WsChannel } from './live-channels.js';
import type { LiveHub } from './live-hub.js';
import type { LiveTickets } from './live-tickets.js';

/** A WebSocket must authenticate within this time. */
const WS_AUTH_MS = 10_000;

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

const kTimer = Symbol('auth timer');
type Waiting = WebSocket & { [kTimer]?: NodeJS.Timeout };

function stopTimer(this: Waiting): void {
  clearTimeout(this[kTimer]);
}

export interface WsDeps {
  pool: pg.Pool;
  hub: LiveHub;
  tickets: LiveTickets;
  sessions?: SessionCache | undefined;
  /** Adds the channel's socket to those whose close removes it from the hub. */
  watch: (socket: Socket | WebSocket, channel: LiveChannel) => void;
}

/**
 * The live WebSocket's handshake: its first message must carry a ticket (or, as the spec's
 * screens send, the bearer token) within WS_AUTH_MS; then the channel joins the hub, unless its
 * user holds the maximum, and hears `ws_connected`. Failures close with a pt-BR error first.
 */
export function wsHandshake(deps: WsDeps): (socket: WebSocket) => void {
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
    if (ticket) return deps.tickets.spend(ticket);
    return identityForToken(deps.pool, auth_token ?? '', deps.sessions);
  }

  async function open(socket: WebSocket, data: Buffer): Promise<void> {
    const mark = deps.hub.mark();
    let who: LiveIdentity;
    try {
      who = await authenticateFirst(data.toString('utf8'));
    } catch (err) {
      // 1013, try again later: the ticket may be good, the database could not tell.
      if (isDatabaseUnavailable(err)) fail(socket, apiErrorMessages.databaseUnavailable, 1013);
      else fail(socket, err instanceof HttpError ? err.message : liveMessages.ticketInvalid, 4401);
      return;
    }
    // Gone while it authenticated: nothing to add (it would hold a slot forever).
    if (socket.readyState !== socket.OPEN) return;
    const channel = new WsChannel(who, socket, expireWs);
    if (!deps.hub.admit(channel, mark)) {
      fail(socket, apiErrorMessages.tooManyRequests, 4429);
      return;
    }
    deps.watch(socket, channel);
    const connected: LiveWsControl = { type: 'ws_connected', user_id: who.userId };
    channel.sendText(JSON.stringify(connected));
  }

  function first(this: Waiting, data: Buffer): void {
    clearTimeout(this[kTimer]);
    // Nothing of the handshake stays with an open channel; later messages carry nothing used.
    this[kTimer] = undefined;
    this.off('close', stopTimer);
    this.off('message', first);
    void open(this, data);
  }

  return (socket: WebSocket) => {
    (socket as Waiting)[kTimer] = setTimeout(
      fail,
      WS_AUTH_MS,
      socket,
      liveMessages.firstMessage,
      4401,
    );
    socket.once('close', stopTimer);
    socket.on('message', first);
  };
}
