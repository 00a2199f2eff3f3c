import { LIVE_CONNECTIONS_PER_USER, PRIVATE_EVENT_TYPES, type BridgeEvent } from '@vortex/core';
import type { EventBus } from './event-bus.js';

/** One open browser channel (SSE or WebSocket). */
export interface LiveClient {
  userId: number;
  isAdmin: boolean;
  send: (e: BridgeEvent) => void;
  close: () => void;
}

/**
 * The browsers listening on this instance. A trader hears only their own events; an admin also
 * hears every session and claim event (never another trader's account data).
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe((e) => this.dispatch(e));
  }

  static canSee(c: Pick<LiveClient, 'userId' | 'isAdmin'>, e: BridgeEvent): boolean {
    return c.userId === e.user_id || (c.isAdmin && !PRIVATE_EVENT_TYPES.has(e.type));
  }

  /** Adds a client unless its user already holds the maximum; returns its removal, or null. */
  add(client: LiveClient): (() => void) | null {
    if (this.connectionsOf(client.userId) >= LIVE_CONNECTIONS_PER_USER) return null;
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  connectionsOf(userId: number): number {
    let n = 0;
    for (const c of this.clients) if (c.userId === userId) n++;
    return n;
  }

  counts(): { users: number; connections: number } {
    return {
      users: new Set([...this.clients].map((c) => c.userId)).size,
      connections: this.clients.size,
    };
  }

  /** Ends every channel of a user (their account was blocked or deleted). */
  closeUser(userId: number): void {
    for (const c of this.clients) if (c.userId === userId) c.close();
  }

  closeAll(): void {
    this.unsubscribe();
    for (const c of this.clients) c.close();
    this.clients.clear();
  }

  private dispatch(e: BridgeEvent): void {
    for (const c of this.clients) if (LiveHub.canSee(c, e)) c.send(e);
  }
}
