import { liveMessages, type BridgeEvent, type Role } from '@vortex/core';
import type { Socket } from 'node:net';
import type { WebSocket } from '@fastify/websocket';
import { httpChunk, LAST_CHUNK, wsTextFrame } from './live-frames.js';

/** What a WebSocket channel uses of its socket. */
export type LiveSocket = Pick<WebSocket, 'readyState' | 'OPEN' | 'terminate' | 'close'>;

/** A channel whose socket holds more than this unsent is dropped; its browser reconnects. */
export const MAX_CHANNEL_BUFFER_BYTES = 1024 * 1024;

/**
 * One event, serialised once for its whole audience; each framing is made on first use, as the
 * bytes written to the socket: a chunk of the event stream's body, a WebSocket text frame.
 */
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
    return (this.sseBytes ??= httpChunk(`id: ${e.id}\nevent: ${e.type}\ndata: ${this.text()}\n\n`));
  }

  get ws(): Buffer {
    return (this.wsBytes ??= wsTextFrame(Buffer.from(this.text())));
  }
}

/** One open browser channel. Plain fields and prototype methods: no closures per channel. */
export abstract class LiveChannel {
  /** The hub's keepalive tick when the channel was last written to (live-hub.ts). */
  lastTick = 0;

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

const SSE_KEEPALIVE = httpChunk(': keepalive\n\n');
const SSE_SESSION_ENDED = httpChunk(
  `event: session_ended\ndata: ${JSON.stringify({ error: liveMessages.sessionEnded })}\n\n`,
);

/** What an event stream uses of its socket (its head already written, see live-frames.ts). */
export type SseSocket = Pick<Socket, 'destroyed' | 'writableLength' | 'write' | 'end' | 'destroy'>;

export class SseChannel extends LiveChannel {
  constructor(
    who: { userId: number; isAdmin: boolean; role: Role; sessionId: number },
    private readonly socket: SseSocket,
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
    const socket = this.socket;
    if (socket.destroyed) return true;
    if (socket.writableLength > MAX_CHANNEL_BUFFER_BYTES) {
      // Its 'close' removes it from the hub; the buffer is freed with the socket.
      socket.destroy();
      return false;
    }
    socket.write(bytes);
    return true;
  }

  close(): void {
    this.socket.end(LAST_CHUNK);
  }

  expire(): void {
    this.socket.write(SSE_SESSION_ENDED);
    this.socket.end(LAST_CHUNK);
  }
}

/**
 * The socket under a `ws` WebSocket. The server negotiates no extension (no compression), so
 * `ws` writes each frame whole and at once: a pre-built frame written here lands between them.
 */
function rawSocketOf(socket: LiveSocket): Pick<Socket, 'writableLength' | 'write'> {
  const raw = (socket as unknown as { _socket?: Socket | null })._socket;
  if (!raw) throw new Error('a live WebSocket without its socket');
  return raw;
}

export class WsChannel<S extends LiveSocket = LiveSocket> extends LiveChannel {
  private readonly raw: Pick<Socket, 'writableLength' | 'write'>;

  constructor(
    who: { userId: number; isAdmin: boolean; role: Role; sessionId: number },
    private readonly socket: S,
    private readonly onExpire: (socket: S) => void,
  ) {
    super(who.userId, who.isAdmin, who.role, who.sessionId);
    this.raw = rawSocketOf(socket);
  }

  deliver(frames: EventFrames): boolean {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return true;
    if (this.raw.writableLength > MAX_CHANNEL_BUFFER_BYTES) {
      socket.terminate();
      return false;
    }
    // A text frame: the browser parses it as JSON, as before.
    this.raw.write(frames.ws);
    return true;
  }

  /** A message for this socket alone (its `ws_connected`), framed as the events are. */
  sendText(text: string): void {
    this.raw.write(wsTextFrame(Buffer.from(text)));
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
