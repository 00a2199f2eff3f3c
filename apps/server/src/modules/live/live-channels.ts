import { liveMessages, type BridgeEvent, type Role } from '@vortex/core';
import type { ServerResponse } from 'node:http';
import type { WebSocket } from '@fastify/websocket';

/** What a WebSocket channel uses of its socket. */
export type LiveSocket = Pick<
  WebSocket,
  'readyState' | 'OPEN' | 'bufferedAmount' | 'send' | 'terminate' | 'close'
>;

/** A channel whose socket holds more than this unsent is dropped; its browser reconnects. */
export const MAX_CHANNEL_BUFFER_BYTES = 1024 * 1024;

/** One event, serialised once for its whole audience; each framing is made on first use. */
export class EventFrames {
  private json: string | undefined;
  private sseBytes: Buffer | undefined;
  private wsBytes: Buffer | undefined;

  constructor(readonly event: BridgeEvent) {}

  private text(): string {
    return (this.json ??= JSON.stringify(this.event));
  }

  get sse(): Buffer {
    const e = this.event;
    return (this.sseBytes ??= Buffer.from(
      `id: ${e.id}\nevent: ${e.type}\ndata: ${this.text()}\n\n`,
    ));
  }

  get ws(): Buffer {
    return (this.wsBytes ??= Buffer.from(this.text()));
  }
}

/** One open browser channel. Plain fields and prototype methods: no closures per channel. */
export abstract class LiveChannel {
  constructor(
    readonly userId: number,
    readonly isAdmin: boolean,
    /** The role the channel opened with: a new one ends it (README: a role change closes it). */
    readonly role: Role,
    /** The sign-in the channel belongs to; the channel ends with it. */
    readonly sessionId: number,
  ) {}

  /** Writes the event; false when the socket was too far behind and has been dropped. */
  abstract deliver(frames: EventFrames): boolean;
  /** Keeps proxies from closing a quiet channel. */
  abstract keepalive(): void;
  /** The server is going away. */
  abstract close(): void;
  /** The channel's sign-in ended or changed: tell the browser, then hang up. */
  abstract expire(): void;
}

const SSE_KEEPALIVE = Buffer.from(': keepalive\n\n');
const SSE_SESSION_ENDED = `event: session_ended\ndata: ${JSON.stringify({ error: liveMessages.sessionEnded })}\n\n`;

export class SseChannel extends LiveChannel {
  constructor(
    who: { userId: number; isAdmin: boolean; role: Role; sessionId: number },
    private readonly res: ServerResponse,
  ) {
    super(who.userId, who.isAdmin, who.role, who.sessionId);
  }

  deliver(frames: EventFrames): boolean {
    return this.write(frames.sse);
  }

  keepalive(): void {
    this.write(SSE_KEEPALIVE);
  }

  private write(bytes: Buffer): boolean {
    if (this.res.destroyed) return true;
    if (this.res.writableLength > MAX_CHANNEL_BUFFER_BYTES) {
      // Its 'close' removes it from the hub; the buffer is freed with the socket.
      this.res.destroy();
      return false;
    }
    this.res.write(bytes);
    return true;
  }

  close(): void {
    this.res.end();
  }

  expire(): void {
    this.res.end(SSE_SESSION_ENDED);
  }
}

const TEXT_FRAME = { binary: false };

export class WsChannel<S extends LiveSocket = LiveSocket> extends LiveChannel {
  constructor(
    who: { userId: number; isAdmin: boolean; role: Role; sessionId: number },
    private readonly socket: S,
    private readonly onExpire: (socket: S) => void,
  ) {
    super(who.userId, who.isAdmin, who.role, who.sessionId);
  }

  deliver(frames: EventFrames): boolean {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return true;
    if (socket.bufferedAmount > MAX_CHANNEL_BUFFER_BYTES) {
      socket.terminate();
      return false;
    }
    // A text frame: the browser parses it as JSON, as before.
    socket.send(frames.ws, TEXT_FRAME);
    return true;
  }

  keepalive(): void {
    // WebSocket proxies see the browser's own traffic and the protocol's pings.
  }

  close(): void {
    this.socket.close(1001, 'server closing');
  }

  expire(): void {
    this.onExpire(this.socket);
  }
}
