import { deriveUsername } from '@vortex/core';
import type pg from 'pg';
import { hashPassword } from '../auth/password.js';
import { generatePassword } from '../users/admin-bootstrap.js';
import { findUserByEmail, freeUsername, insertUser } from '../users/users.repo.js';

export const DEMO_EMAIL_DEFAULT = 'demo@vortex.local';

/**
 * The demo trader whose simulated account demo mode streams. Active at once and with no trial
 * end: it is the platform's own showcase, not a registered trial.
 */
export async function ensureDemoTrader(
  pool: pg.Pool,
  configured: { email: string; password: string } | undefined,
): Promise<{ id: number; email: string; generatedPassword?: string }> {
  const email = configured?.email ?? DEMO_EMAIL_DEFAULT;
  const existing = await findUserByEmail(pool, email);
  if (existing) return { id: existing.id, email };
  const password = configured?.password ?? generatePassword();
  const user = await insertUser(pool, {
    username: await freeUsername(pool, deriveUsername(email) || 'demo'),
    fullName: 'Trader Demo',
    email,
    role: 'trader',
    status: 'active',
    accountType: 'DEMO',
    passwordHash: await hashPassword(password),
  });
  return configured ? { id: user.id, email } : { id: user.id, email, generatedPassword: password };
}
