import { hash } from 'node:crypto';
import { loginMessages, type PublicUser } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findUserById } from '../users/users.repo.js';
import { accountBlock } from './account-status.js';
import type { CachedSession, SessionCache } from './session-cache.js';
import {
  findSession,
  insertSession,
  revokeSession,
  touchSession,
  type SessionRow,
} from './sessions.repo.js';
import type { AuthContext } from '../../http/auth-context.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60 * 1000;

export async function openSession(
  pool: pg.Pool,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(pool, { hash, userId, expiresAt, ...meta });
  return { token, expiresAt };
}

/** Ends a session at its owner's request. */
export async function closeSession(pool: pg.Pool, sessionId: number): Promise<void> {
  await revokeSession(pool, sessionId, 'logout');
}

/** Whether a session row still signs its user in: not revoked, past neither its lifetime nor its idle limit. */
export function sessionUsable(session: SessionRow, now: Date): boolean {
  return (
    !session.revoked_at &&
    session.expires_at > now &&
    session.last_seen_at.getTime() + SESSION_IDLE_MS > now.getTime()
  );
}

/**
 * Resolves a bearer token to its user. With a cache, a warm request reads nothing from the
 * database; the cache drops an entry as soon as its session or user changes (see
 * auth-invalidation.ts), so a logout, suspension, deletion or role change holds on the next
 * request. Anything a cached entry would refuse is decided again on fresh rows.
 */
export async function authenticate(
  pool: pg.Pool,
  token: string,
  now = new Date(),
  cache?: SessionCache,
): Promise<AuthContext> {
  // The cache is keyed by the token's SHA-256 too, never by the token itself.
  const key = cache && hash('sha256', token, 'base64');
  const hit = key === undefined ? undefined : await cache?.lookup(key, now.getTime());
  const warm = hit && (await fromCache(pool, hit, now));
  if (warm) return warm;
  const generation = cache?.generation ?? 0;
  const session = await findSession(pool, hashToken(token));
  if (!session || !sessionUsable(session, now)) {
    if (key !== undefined) cache?.delete(key);
    throw new HttpError(401, loginMessages.sessionExpired);
  }
  const user = await findUserById(pool, session.user_id);
  if (!user) throw new HttpError(401, loginMessages.sessionExpired);
  const blocked = accountBlock(user, now);
  if (blocked) {
    await revokeSession(pool, session.session_id, 'account_blocked');
    throw new HttpError(401, blocked);
  }
  let idle = new Date(session.last_seen_at.getTime() + SESSION_IDLE_MS);
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await touchSession(pool, session.session_id);
    session.last_seen_at = now;
    idle = new Date(now.getTime() + SESSION_IDLE_MS);
  }
  if (key !== undefined) cache?.set(key, { session, user, loadedAt: now.getTime() }, generation);
  return contextOf(session, user, idle);
}

/** A cached entry's answer, or undefined when only fresh rows may decide (expired, blocked). */
async function fromCache(
  pool: pg.Pool,
  hit: CachedSession,
  now: Date,
): Promise<AuthContext | undefined> {
  const { session, user } = hit;
  const seen = session.last_seen_at.getTime();
  // Another instance may have touched the session since: expiry is checked on the row.
  if (session.expires_at <= now || seen + SESSION_IDLE_MS <= now.getTime()) return undefined;
  if (accountBlock(user, now)) return undefined;
  if (now.getTime() - seen > TOUCH_EVERY_MS) {
    // Marked first, so concurrent requests of the session touch it once.
    session.last_seen_at = now;
    await touchSession(pool, session.session_id);
  }
  return contextOf(session, user, new Date(session.last_seen_at.getTime() + SESSION_IDLE_MS));
}

function contextOf(session: SessionRow, user: PublicUser, idleExpiresAt: Date): AuthContext {
  return {
    user,
    sessionId: session.session_id,
    expiresAt: session.expires_at,
    idleExpiresAt,
  };
}
