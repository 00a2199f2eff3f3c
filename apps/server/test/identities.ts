import type { AccountType, Role, UserStatus } from '@vortex/core';
import type pg from 'pg';
import { hashPassword } from '../src/modules/auth/password.js';
import { openSession } from '../src/modules/auth/session.service.js';
import { insertUser } from '../src/modules/users/users.repo.js';

export const TEST_PASSWORD = 'Teste@2026';
let cachedHash: Promise<string> | undefined;

let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  token: string;
}

/** A user in the given state with a live session, made directly (no HTTP), for access tests. */
export async function makeUser(
  pool: pg.Pool,
  opts: { role?: Role; status?: UserStatus; accountType?: AccountType; session?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${opts.role ?? 'user'}${counter}${Math.random().toString(36).slice(2, 6)}`;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const user = await insertUser(pool, {
    username: tag.slice(0, 20),
    fullName: `Teste ${tag}`,
    email: `${tag}@teste.vortex.local`,
    role: opts.role ?? 'user',
    status: opts.status ?? 'active',
    accountType: opts.accountType ?? 'REAL',
    passwordHash: await cachedHash,
  });
  const { token } =
    opts.session === false
      ? { token: '' }
      : await openSession(pool, user.id, { ip: null, userAgent: null });
  return { id: user.id, email: user.email, username: user.username, role: user.role, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
