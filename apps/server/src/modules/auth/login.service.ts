import { loginMessages, permissionsFor, type LoginRequest, type LoginResponse } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../app/http-error.js';
import { findUserForLogin, touchLastLogin } from '../users/users.repo.js';
import { accountBlock } from './account-status.js';
import { hashPassword, verifyPassword } from './password.js';
import { clearEvents, countRecent, recordEvent } from './rate-events.repo.js';
import { openSession } from './session.service.js';

export const LOGIN_WINDOW_S = 15 * 60;
export const LOGIN_MAX_FAILURES = 5;

// Unknown users still cost one argon2 verification, so timing does not reveal who exists.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('vortex-dummy-password-for-timing'));

export async function login(
  pool: pg.Pool,
  input: LoginRequest,
  meta: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<LoginResponse> {
  const accountKey = input.email.toLowerCase();
  const [byAccount, byIp] = await Promise.all([
    countRecent(pool, 'login_fail_account', accountKey, LOGIN_WINDOW_S),
    countRecent(pool, 'login_fail_ip', meta.ip, LOGIN_WINDOW_S),
  ]);
  if (byAccount >= LOGIN_MAX_FAILURES || byIp >= LOGIN_MAX_FAILURES) {
    throw new HttpError(429, loginMessages.tooManyAttempts);
  }
  const user = await findUserForLogin(pool, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await dummy()), input.password);
  if (!user || !ok) {
    await Promise.all([
      recordEvent(pool, 'login_fail_account', accountKey),
      recordEvent(pool, 'login_fail_ip', meta.ip),
    ]);
    throw new HttpError(401, loginMessages.invalidCredentials);
  }
  // Told only to whoever knows the password: the account's state is nobody else's business.
  const blocked = accountBlock(user, now);
  if (blocked) throw new HttpError(403, blocked);

  await clearEvents(pool, 'login_fail_account', accountKey);
  const session = await openSession(pool, user.id, { ip: meta.ip, userAgent: meta.userAgent }, now);
  await touchLastLogin(pool, user.id);
  const { password_hash: _hash, ...publicUser } = user;
  return {
    success: true,
    access_token: session.token,
    token: session.token,
    token_type: 'Bearer',
    expires_at: session.expiresAt.toISOString(),
    user: { ...publicUser, last_login: now.toISOString() },
    permissions: permissionsFor(user.role),
  };
}
