import {
  LIVE_CONNECTIONS_PER_USER,
  PRIVATE_EVENT_TYPES,
  type BridgeEvent,
  type Role,
} from '@vortex/core';
import type { EventBus } from './event-bus.js';

/** One open browser channel (SSE or WebSocket). */
export interface LiveClient {
  userId: number;
  isAdmin: boolean;
  /** The role the channel opened with: a new one ends it (README: a role change closes it). */
  role: Role;
  sessionId: number;
  send: (e: BridgeEvent) => void;
  /** The server is going away. */
  close: () => void;
  /** The channel's sign-in ended or changed: tell the browser, then hang up. */
  expire: () => void;
}

/** Sessions still good for a channel, with their user's role right now (live-auth.ts). */
export type SessionCheck = (
  sessionIds: number[],
) => Promise<Map<number, { userId: number; isAdmin: boolean; role: Role }>>;

/** How often every channel's session is checked again (expiry and idle limit write nothing). */
export const LIVE_RECHECK_MS = 60_000;

/**
 * The browsers listening on this instance. A trader hears only their own events; an admin also
 * hears every session and claim event (never another trader's account data).
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout | undefined;

  /**
   * Without `sessions`, channels last until closed. With it, a channel ends when its session
   * does: at once on `recheck` (the auth notifications call it) and at least every minute.
   */
  constructor(
    bus: EventBus,
    private readonly sessions?: SessionCheck,
    private readonly onError?: (err: unknown) => void,
  ) {
    this.unsubscribe = bus.subscribe((e) => this.dispatch(e));
    if (sessions) {
      this.timer = setInterval(() => void this.recheck(() => true), LIVE_RECHECK_MS);
      this.timer.unref();
    }
  }

  /**
   * Checks the sessions of the channels `which` selects and ends the channels whose session no
   * longer holds, or whose user's role changed (they reconnect with the new role's scope).
   */
  async recheck(which: (c: LiveClient) => boolean): Promise<number> {
    if (!this.sessions) return 0;
    const chosen = [...this.clients].filter(which);
    if (chosen.length === 0) return 0;
    let valid: Awaited<ReturnType<SessionCheck>>;
    try {
      valid = await this.sessions([...new Set(chosen.map((c) => c.sessionId))]);
    } catch (err) {
      // Cannot tell now: the next check decides.
      this.onError?.(err);
      return 0;
    }
    let ended = 0;
    for (const c of chosen) {
      const now = valid.get(c.sessionId);
      if (now && now.userId === c.userId && now.role === c.role) continue;
      this.clients.delete(c);
      c.expire();
      ended++;
    }
    return ended;
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

  closeAll(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const c of this.clients) c.close();
    this.clients.clear();
  }

  private dispatch(e: BridgeEvent): void {
    for (const c of this.clients) if (LiveHub.canSee(c, e)) c.send(e);
  }
}
