import type { Queryable } from '../../lib/db-types.js';

export interface SessionRow {
  session_id: number;
  user_id: number;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  db: Queryable,
  s: { hash: Buffer; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4::inet, $5) RETURNING id`,
    [s.hash, s.userId, s.expiresAt, s.ip, s.userAgent?.slice(0, 512) ?? null],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function findSession(db: Queryable, hash: Buffer): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT id AS session_id, user_id, expires_at, last_seen_at, revoked_at
     FROM sessions WHERE token_hash = $1`,
    [hash],
  );
  return rows[0];
}

export async function touchSession(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id]);
}

export async function revokeSession(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [id, reason],
  );
}

export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  reason: string,
): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE sessions SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
  return rowCount ?? 0;
}
