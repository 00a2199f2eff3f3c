import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export const SessionRow = z.object({
  session_id: z.number().int(),
  user_id: z.number().int(),
  expires_at: z.date(),
  last_seen_at: z.date(),
  revoked_at: z.date().nullable(),
});
export type SessionRow = z.infer<typeof SessionRow>;

const IdRow = z.object({ id: z.number().int() });

export async function insertSession(
  db: Queryable,
  s: { hash: Buffer; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<number> {
  const { id } = await oneRow(
    db,
    IdRow,
    `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4::inet, $5) RETURNING id`,
    [s.hash, s.userId, s.expiresAt, s.ip, s.userAgent?.slice(0, 512) ?? null],
  );
  return id;
}

export async function findSession(db: Queryable, hash: Buffer): Promise<SessionRow | undefined> {
  return maybeRow(
    db,
    SessionRow,
    `SELECT id AS session_id, user_id, expires_at, last_seen_at, revoked_at
     FROM sessions WHERE token_hash = $1`,
    [hash],
  );
}

/** The sessions among `ids`, whatever their state (the caller judges which are usable). */
export async function findSessionsByIds(
  db: Queryable,
  ids: readonly number[],
): Promise<SessionRow[]> {
  return rowsOf(
    db,
    SessionRow,
    `SELECT id AS session_id, user_id, expires_at, last_seen_at, revoked_at
     FROM sessions WHERE id = ANY($1)`,
    [ids],
  );
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
