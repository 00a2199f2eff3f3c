import { loginMessages, permissionsFor, type LoginRequest, type LoginResponse } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { findUserForLogin, touchLastLogin } from '../users/users.repo.js';
import { accountBlock } from './account-status.js';
import {
  clearPairFailures,
  readLoginCounts,
  recordLoginFailure,
  rememberLoginAddress,
} from './login-failures.repo.js';
import { mayTry } from './login-lockout.js';
import { hashPassword, verifyPassword } from './password.js';
import { RATE_LOCK_SPACE } from './rate-events.repo.js';
import { openSession } from './session.service.js';

// Unknown users still cost one argon2 verification, so timing does not reveal who exists.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('vortex-dummy-password-for-timing'));

/**
 * Judges the attempt and, when it may go on, counts it as a failure before the password is
 * checked, under locks on the account and the address: parallel guesses cannot all slip under
 * the limits. The right password takes the failure back.
 */
async function admit(
  pool: pg.Pool,
  q: { account: string; ip: string; userId: number | null },
): Promise<boolean> {
  return inTransaction(pool, async (tx) => {
    // Always account first, then address: two attempts cannot deadlock.
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      RATE_LOCK_SPACE,
      `login:${q.account}`,
    ]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      RATE_LOCK_SPACE,
      `login_ip:${q.ip}`,
    ]);
    if (!mayTry(await readLoginCounts(tx, q))) return false;
    await recordLoginFailure(tx, q.account, q.ip);
    return true;
  });
}

export async function login(
  pool: pg.Pool,
  input: LoginRequest,
  meta: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<LoginResponse> {
  const user = await findUserForLogin(pool, input.email);
  // Email and username of one account share one count; an unknown login counts as typed.
  const account = user ? `u:${user.id}` : `n:${input.email.toLowerCase()}`;
  if (!(await admit(pool, { account, ip: meta.ip, userId: user?.id ?? null }))) {
    throw new HttpError(429, loginMessages.tooManyAttempts);
  }
  const ok = await verifyPassword(user?.password_hash ?? (await dummy()), input.password);
  if (!user || !ok) throw new HttpError(401, loginMessages.invalidCredentials);
  await clearPairFailures(pool, account, meta.ip);
  // Told only to whoever knows the password: the account's state is nobody else's business.
  const blocked = accountBlock(user, now);
  if (blocked) throw new HttpError(403, blocked);

  const session = await openSession(pool, user.id, { ip: meta.ip, userAgent: meta.userAgent }, now);
  await Promise.all([touchLastLogin(pool, user.id), rememberLoginAddress(pool, user.id, meta.ip)]);
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
