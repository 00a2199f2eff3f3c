import { randomInt } from 'node:crypto';
import { deriveUsername } from '@vortex/core';
import type pg from 'pg';
import { hashPassword } from '../auth/password.js';
import { countAdmins, freeUsername, insertUser } from './users.repo.js';

const GENERATED_ADMIN_EMAIL = 'admin@vortex.local';

/** A password that passes the product's strength rule: upper, lower, digit and one of @$!%*?&. */
export function generatePassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '@$!%*?&'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)] ?? 'A');
  while (chars.length < length) chars.push(all[randomInt(all.length)] ?? 'a');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; username: string; generatedPassword?: string };

/**
 * The first admin: from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that the
 * caller prints once. Nothing happens when an admin exists; there is never a default password.
 */
export async function ensureAdmin(
  pool: pg.Pool,
  configured: { email: string; password: string } | undefined,
): Promise<BootstrapResult> {
  if ((await countAdmins(pool)) > 0) return { created: false };
  const email = configured?.email ?? GENERATED_ADMIN_EMAIL;
  const password = configured?.password ?? generatePassword();
  const username = await freeUsername(pool, deriveUsername(email) || 'admin');
  await insertUser(pool, {
    username,
    fullName: 'Administrador',
    email,
    role: 'admin',
    status: 'active',
    accountType: 'REAL',
    passwordHash: await hashPassword(password),
  });
  return configured
    ? { created: true, email, username }
    : { created: true, email, username, generatedPassword: password };
}
