import {
  PublicUserSchema,
  type AccountType,
  type PublicUser,
  type Role,
  type UserStatus,
} from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export interface NewUser {
  username: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  accountType: AccountType;
  passwordHash: string;
  phone?: string | null;
  dateOfBirth?: string | null;
  usesMt5?: boolean;
  broker?: string | null;
  registrationIp?: string | null;
}

/** A user row with what authentication needs besides the public fields. */
export interface UserRecord extends PublicUser {
  password_hash: string;
}

const COLUMNS = `id, unique_id::text AS unique_id, username, full_name,
  to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, email, phone, role, status, account_type,
  broker, trial_ends_at, created_at, last_login`;

/** A row of COLUMNS: the public user before its times become ISO strings. */
const UserRow = PublicUserSchema.omit({
  user_id: true,
  trial_ends_at: true,
  created_at: true,
  last_login: true,
}).extend({
  trial_ends_at: z.date().nullable(),
  created_at: z.date(),
  last_login: z.date().nullable(),
});
type UserRow = z.infer<typeof UserRow>;

const LoginRow = UserRow.extend({ password_hash: z.string() });

const CountRow = z.object({ n: z.number().int() });

export function toPublicUser(r: UserRow): PublicUser {
  return {
    id: r.id,
    unique_id: r.unique_id,
    user_id: r.id,
    username: r.username,
    full_name: r.full_name,
    date_of_birth: r.date_of_birth,
    email: r.email,
    phone: r.phone,
    role: r.role,
    status: r.status,
    account_type: r.account_type,
    broker: r.broker,
    trial_ends_at: r.trial_ends_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    last_login: r.last_login?.toISOString() ?? null,
  };
}

export async function countAdmins(
  db: Queryable,
  opts: { activeOnly?: boolean } = {},
): Promise<number> {
  const { n } = await oneRow(
    db,
    CountRow,
    `SELECT count(*)::int AS n FROM users WHERE role = 'admin'
     ${opts.activeOnly ? "AND status IN ('active', 'approved')" : ''}`,
  );
  return n;
}

/** Usernames are unique: a taken one gets the smallest numeric suffix that is free. */
export async function freeUsername(db: Queryable, base: string): Promise<string> {
  const rows = await rowsOf(
    db,
    z.object({ username: z.string() }),
    'SELECT username FROM users WHERE username = $1 OR username LIKE $2',
    [base, `${base.replace(/[\\%_]/g, '\\$&')}%`],
  );
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = String(i);
    // Keep within the 20-character cap by trimming the base, not the suffix.
    const candidate = `${base.slice(0, 20 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function insertUser(db: Queryable, u: NewUser): Promise<PublicUser> {
  const row = await oneRow(
    db,
    UserRow,
    `INSERT INTO users (username, full_name, email, role, status, account_type, password_hash,
       phone, date_of_birth, uses_mt5, broker, registration_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::inet)
     RETURNING ${COLUMNS}`,
    [
      u.username,
      u.fullName,
      u.email,
      u.role,
      u.status,
      u.accountType,
      u.passwordHash,
      u.phone ?? null,
      u.dateOfBirth ?? null,
      u.usesMt5 ?? true,
      u.broker ?? null,
      u.registrationIp ?? null,
    ],
  );
  return toPublicUser(row);
}

export async function findUserById(db: Queryable, id: number): Promise<PublicUser | undefined> {
  const row = await maybeRow(db, UserRow, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return row && toPublicUser(row);
}

export async function findUsersByIds(db: Queryable, ids: number[]): Promise<PublicUser[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf(db, UserRow, `SELECT ${COLUMNS} FROM users WHERE id = ANY($1)`, [ids]);
  return rows.map(toPublicUser);
}

/** Login takes a username or an email; emails compare case-insensitively. */
export async function findUserForLogin(
  db: Queryable,
  login: string,
): Promise<UserRecord | undefined> {
  const row = await maybeRow(
    db,
    LoginRow,
    `SELECT ${COLUMNS}, password_hash FROM users
     WHERE lower(email) = lower($1) OR username = lower($1)
     ORDER BY (lower(email) = lower($1)) DESC LIMIT 1`,
    [login],
  );
  return row && { ...toPublicUser(row), password_hash: row.password_hash };
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<PublicUser | undefined> {
  const row = await maybeRow(
    db,
    UserRow,
    `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return row && toPublicUser(row);
}

export async function listUsers(db: Queryable): Promise<PublicUser[]> {
  const rows = await rowsOf(
    db,
    UserRow,
    `SELECT ${COLUMNS} FROM users ORDER BY created_at DESC, id DESC`,
  );
  return rows.map(toPublicUser);
}

const UPDATABLE = [
  'full_name',
  'date_of_birth',
  'email',
  'phone',
  'username',
  'role',
  'status',
  'account_type',
] as const;
export type UserPatch = Partial<Record<(typeof UPDATABLE)[number], string | null>> & {
  trial_ends_at?: Date | null;
  approved_by?: number | null;
  approved_at?: Date | null;
};

export async function updateUser(
  db: Queryable,
  id: number,
  patch: UserPatch,
): Promise<PublicUser | undefined> {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (![...UPDATABLE, 'trial_ends_at', 'approved_by', 'approved_at'].includes(key)) continue;
    values.push(value === '' && key === 'date_of_birth' ? null : value);
    sets.push(`${key} = $${values.length}`);
  }
  if (sets.length === 0) return findUserById(db, id);
  values.push(id);
  const row = await maybeRow(
    db,
    UserRow,
    `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $${values.length} RETURNING ${COLUMNS}`,
    values,
  );
  return row && toPublicUser(row);
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [
    hash,
    id,
  ]);
}

export async function touchLastLogin(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET last_login = now() WHERE id = $1', [id]);
}

export async function deleteUser(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM users WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}
