import type { AccountType, Role, UserStatus } from '@vortex/core';
import type pg from 'pg';

export interface NewUser {
  username: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  accountType: AccountType;
  passwordHash: string;
}

export async function countAdmins(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
  );
  return rows[0]?.n ?? 0;
}

/** Usernames are unique: a taken one gets the smallest numeric suffix that is free. */
export async function freeUsername(pool: pg.Pool, base: string): Promise<string> {
  const { rows } = await pool.query<{ username: string }>(
    'SELECT username FROM users WHERE username = $1 OR username LIKE $2',
    [base, `${base.replace(/[\\%_]/g, '\\$&')}%`],
  );
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function insertUser(pool: pg.Pool, u: NewUser): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (username, full_name, email, role, status, account_type, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [u.username, u.fullName, u.email, u.role, u.status, u.accountType, u.passwordHash],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}
