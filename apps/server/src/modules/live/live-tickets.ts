import { hash } from 'node:crypto';
import { apiErrorMessages, LIVE_TICKET_TTL_MS, liveMessages } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { newToken } from '../../lib/tokens.js';
import { accountBlock } from '../auth/account-status.js';
import type { SessionCache } from '../auth/session-cache.js';
import { sessionUsable } from '../auth/session.service.js';
import { identityForTicket, identityOfRow, type LiveIdentity } from './live-auth.js';
import { issueLiveTicket, readLiveSession } from './live-tickets.repo.js';

/** Who asks for a ticket: their sign-in, and the token they signed the request with. */
export interface TicketHolder {
  userId: number;
  sessionId: number;
  /** The bearer token of the request (the session cache's key is made from it). */
  token: string;
}

/**
 * Single-use tickets for opening a live channel. `spend` answers who opens with one, or throws
 * 401 (`HttpError`) for a spent, expired or unknown ticket or a session or user that may no
 * longer open one; a database error when it could not tell.
 */
export interface LiveTickets {
  issue: (holder: TicketHolder) => Promise<{ ticket: string; expiresAt: Date }>;
  spend: (ticket: string) => Promise<LiveIdentity>;
}

/** Tickets in the database: any instance sharing it spends each one once (the cluster's). */
export function databaseTickets(pool: pg.Pool): LiveTickets {
  return {
    issue: (h) => issueLiveTicket(pool, { userId: h.userId, sessionId: h.sessionId }),
    spend: (ticket) => identityForTicket(pool, ticket),
  };
}

/** As `authenticate` keys the session cache: the token's SHA-256, never the token itself. */
const keyOf = (token: string) => hash('sha256', token, 'base64');

interface Pending {
  userId: number;
  sessionId: number;
  sessionKey: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** Tickets outstanding at once; past it the oldest is dropped (its browser asks again). */
export const MAX_MEMORY_TICKETS = 100_000;
/**
 * Tickets one sign-in may hold unspent: a browser spends each at once (one per channel it
 * opens, LIVE_CONNECTIONS_PER_USER at most), so more is a loop, which must not crowd out
 * everyone else's tickets.
 */
export const MAX_TICKETS_PER_SESSION = 32;

const refuse = (): never => {
  throw new HttpError(401, liveMessages.ticketInvalid);
};

/**
 * Tickets in this process's memory, for a server that is the only one (no shared Redis, so no
 * other instance could be asked to open a channel): spending one is a delete from a map, atomic
 * in one process, and the session is checked in the session cache, kept current by the auth
 * notifications and proven current by its barrier, as a signed-in request's is; only when the
 * cache cannot answer are the session and user read from the database. Tickets live 30 s and
 * are issued in order, so expired ones leave from the front; ~200 bytes each, at most
 * MAX_MEMORY_TICKETS, MAX_TICKETS_PER_SESSION a sign-in.
 */
export class MemoryTickets implements LiveTickets {
  private readonly pending = new Map<string, Pending>();
  private readonly perSession = new Map<number, number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly sessions: SessionCache,
    private readonly max = MAX_MEMORY_TICKETS,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  issue(h: TicketHolder): Promise<{ ticket: string; expiresAt: Date }> {
    const now = Date.now();
    this.dropExpired(now);
    const held = this.perSession.get(h.sessionId) ?? 0;
    if (held >= MAX_TICKETS_PER_SESSION) {
      return Promise.reject(new HttpError(429, apiErrorMessages.tooManyRequests));
    }
    const { token } = newToken();
    const expiresAt = now + LIVE_TICKET_TTL_MS;
    this.pending.set(keyOf(token), {
      userId: h.userId,
      sessionId: h.sessionId,
      sessionKey: keyOf(h.token),
      expiresAt,
    });
    this.perSession.set(h.sessionId, held + 1);
    return Promise.resolve({ ticket: token, expiresAt: new Date(expiresAt) });
  }

  async spend(ticket: string): Promise<LiveIdentity> {
    const key = keyOf(ticket);
    const p = this.pending.get(key);
    // Gone from the map before anything awaits: a second use finds nothing.
    if (!p) return refuse();
    this.forget(key, p);
    const now = new Date();
    if (p.expiresAt <= now.getTime()) return refuse();
    // Current as of now: every change committed before is applied (the cache's barrier).
    const hit = await this.sessions.lookup(p.sessionKey, now.getTime());
    if (
      hit &&
      hit.session.session_id === p.sessionId &&
      hit.user.id === p.userId &&
      sessionUsable(hit.session, now) &&
      !accountBlock(hit.user, now)
    ) {
      const { id, role } = hit.user;
      return { userId: id, isAdmin: role === 'admin', role, sessionId: p.sessionId };
    }
    // Not cached, or refused by what the cache holds: fresh rows decide.
    const row = await readLiveSession(this.pool, p.sessionId);
    return (row?.id === p.userId && identityOfRow(row, now)) || refuse();
  }

  private forget(key: string, p: Pending): void {
    this.pending.delete(key);
    const held = (this.perSession.get(p.sessionId) ?? 1) - 1;
    if (held > 0) this.perSession.set(p.sessionId, held);
    else this.perSession.delete(p.sessionId);
  }

  private dropExpired(now: number): void {
    for (const [key, p] of this.pending) {
      if (p.expiresAt > now && this.pending.size < this.max) return;
      this.forget(key, p);
    }
  }
}
