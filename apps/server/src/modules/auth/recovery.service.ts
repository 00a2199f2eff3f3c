import { resetMessages } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { diskErrorCause } from '../../lib/disk-errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import { findUserByEmail, setPasswordHash } from '../users/users.repo.js';
import { rememberLoginAddress } from './login-failures.repo.js';
import { hashPassword } from './password.js';
import { dropReset, findUsableReset, insertReset, spendResets } from './password-resets.repo.js';
import { countRecent, forgetLatestEvent, recordEvent } from './rate-events.repo.js';
import { revokeUserSessions } from './sessions.repo.js';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const FORGOT_MAX_PER_ACCOUNT = 3;
export const FORGOT_MAX_PER_IP = 10;
const HOUR_S = 3600;

export interface RecoveryDeps {
  pool: pg.Pool;
  mailer: Mailer;
  appUrl: string;
  log: { error: (obj: object, msg: string) => void };
}

/**
 * The same answer whether or not the email exists; at most 3 links an hour per account. The
 * mail is handed to the mailer before answering: "you will receive a link" is only said once it
 * is on its way. A mail that cannot be written (a full disk) or sent is a 503, its link dropped
 * and its count given back. That answer, and the send's time, can tell a known address from an
 * unknown one; the per-IP limit (10 an hour) keeps that from serving as an enumeration oracle,
 * and the honest answer is worth more than hiding it. The queue is not used: its table would
 * keep the link in clear text, where password_resets keeps only its hash.
 */
export async function forgotPassword(
  deps: RecoveryDeps,
  email: string,
  ip: string,
): Promise<string> {
  if ((await countRecent(deps.pool, 'forgot_ip', ip, HOUR_S)) >= FORGOT_MAX_PER_IP) {
    throw new HttpError(429, resetMessages.forgotTooMany);
  }
  await recordEvent(deps.pool, 'forgot_ip', ip);
  const user = await findUserByEmail(deps.pool, email);
  if (!user || user.status === 'rejected') return resetMessages.forgotSent;
  const key = String(user.id);
  if ((await countRecent(deps.pool, 'forgot_account', key, HOUR_S)) >= FORGOT_MAX_PER_ACCOUNT) {
    return resetMessages.forgotSent;
  }
  await recordEvent(deps.pool, 'forgot_account', key);
  const { token, hash } = newToken();
  await insertReset(deps.pool, {
    hash,
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
    ip,
  });
  const link = `${deps.appUrl}/reset-password?token=${token}`;
  try {
    await deps.mailer.send(passwordResetMail(user.email, user.full_name || user.username, link));
  } catch (err) {
    deps.log.error({ err, userId: user.id }, 'password reset mail failed');
    await dropReset(deps.pool, hash);
    await forgetLatestEvent(deps.pool, 'forgot_account', key);
    throw new HttpError(503, resetMessages.mailNotSent(diskErrorCause(err)));
  }
  return resetMessages.forgotSent;
}

export async function validateResetToken(pool: pg.Pool, token: string): Promise<string> {
  const reset = await findUsableReset(pool, hashToken(token));
  if (!reset) throw new HttpError(400, resetMessages.invalidToken);
  return reset.email;
}

/**
 * Sets the new password, spends the token and ends every session of the user, together. Whoever
 * holds the link proved they own the email: their address becomes one the account logged in
 * from, so an account-wide lockout does not keep them out of the account they just recovered.
 */
export async function resetPassword(
  pool: pg.Pool,
  { token, password }: { token: string; password: string },
  ip: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(pool, async (tx) => {
    const reset = await findUsableReset(tx, hashToken(token), { lock: true });
    if (!reset) throw new HttpError(400, resetMessages.invalidToken);
    await setPasswordHash(tx, reset.user_id, passwordHash);
    await spendResets(tx, reset.user_id);
    await revokeUserSessions(tx, reset.user_id, 'password_reset');
    await rememberLoginAddress(tx, reset.user_id, ip);
  });
}
