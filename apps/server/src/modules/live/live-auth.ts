import { liveMessages, type Role } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { accountBlock } from '../auth/account-status.js';
import { authenticate, sessionUsable } from '../auth/session.service.js';
import type { SessionCache } from '../auth/session-cache.js';
import { findSessionsByIds } from '../auth/sessions.repo.js';
import { findUsersByIds } from '../users/users.repo.js';
import { spendLiveTicket, type SpentTicketRow } from './live-tickets.repo.js';

export interface LiveIdentity {
  userId: number;
  isAdmin: boolean;
  role: Role;
  /** The sign-in the channel belongs to; the channel ends with it. */
  sessionId: number;
}

/**
 * Of these sessions, the ones a live channel may still use, each with its user's id and role
 * right now: not revoked, not past its lifetime or idle limit, its user neither blocked nor gone.
 */
export async function liveSessionsNow(
  pool: pg.Pool,
  sessionIds: number[],
  now = new Date(),
): Promise<Map<number, { userId: number; isAdmin: boolean; role: Role }>> {
  const valid = new Map<number, { userId: number; isAdmin: boolean; role: Role }>();
  if (sessionIds.length === 0) return valid;
  const rows = await findSessionsByIds(pool, sessionIds);
  const live = rows.filter((s) => sessionUsable(s, now));
  const users = new Map(
    (await findUsersByIds(pool, [...new Set(live.map((s) => s.user_id))])).map((u) => [u.id, u]),
  );
  for (const s of live) {
    const user = users.get(s.user_id);
    if (!user || accountBlock(user, now)) continue;
    valid.set(s.session_id, { userId: user.id, isAdmin: user.role === 'admin', role: user.role });
  }
  return valid;
}

/** What `accountBlock` reads of a spent ticket's user. */
function asAccount(row: SpentTicketRow): Parameters<typeof accountBlock>[0] {
  return {
    status: row.status,
    account_type: row.account_type,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
  };
}

/** Who opens a channel on this session row now; undefined when it may not open one. */
export function identityOfRow(
  row: SpentTicketRow | undefined,
  now: Date,
): LiveIdentity | undefined {
  if (!row || !sessionUsable(row, now) || accountBlock(asAccount(row), now)) return undefined;
  return {
    userId: row.id,
    isAdmin: row.role === 'admin',
    role: row.role,
    sessionId: row.session_id,
  };
}

/**
 * Who opens a live channel with this ticket, in one round trip (the ticket spent and its
 * session and user read together); a spent, expired or unknown ticket, or a session or user
 * that may no longer open one, gets 401.
 */
export async function identityForTicket(
  pool: pg.Pool,
  ticket: string,
  now = new Date(),
): Promise<LiveIdentity> {
  const who = identityOfRow(await spendLiveTicket(pool, ticket), now);
  if (!who) throw new HttpError(401, liveMessages.ticketInvalid);
  return who;
}

/** The spec's WebSocket sends the bearer token in its first message (never in the URL). */
export async function identityForToken(
  pool: pg.Pool,
  token: string,
  cache?: SessionCache,
): Promise<LiveIdentity> {
  const { user, sessionId } = await authenticate(pool, token, new Date(), cache);
  return { userId: user.id, isAdmin: user.role === 'admin', role: user.role, sessionId };
}
