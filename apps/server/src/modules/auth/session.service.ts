import { loginMessages, type PublicUser } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../app/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findUserById } from '../users/users.repo.js';
import { accountBlock } from './account-status.js';
import { findSession, insertSession, revokeSession, touchSession } from './sessions.repo.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60 * 1000;

export interface AuthContext {
  user: PublicUser;
  sessionId: number;
  expiresAt: Date;
  idleExpiresAt: Date;
}

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

/**
 * Resolves a bearer token to its user, reading the user (role, status) from the database on
 * every request, so a logout, suspension, deletion or role change holds on the very next one.
 */
export async function authenticate(
  pool: pg.Pool,
  token: string,
  now = new Date(),
): Promise<AuthContext> {
  const session = await findSession(pool, hashToken(token));
  const idleExpiresAt = session && new Date(session.last_seen_at.getTime() + SESSION_IDLE_MS);
  if (
    !session ||
    session.revoked_at ||
    session.expires_at <= now ||
    !idleExpiresAt ||
    idleExpiresAt <= now
  ) {
    throw new HttpError(401, loginMessages.sessionExpired);
  }
  const user = await findUserById(pool, session.user_id);
  if (!user) throw new HttpError(401, loginMessages.sessionExpired);
  const blocked = accountBlock(user, now);
  if (blocked) {
    await revokeSession(pool, session.session_id, 'account_blocked');
    throw new HttpError(401, blocked);
  }
  let idle = idleExpiresAt;
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await touchSession(pool, session.session_id);
    idle = new Date(now.getTime() + SESSION_IDLE_MS);
  }
  return {
    user,
    sessionId: session.session_id,
    expiresAt: session.expires_at,
    idleExpiresAt: idle,
  };
}
