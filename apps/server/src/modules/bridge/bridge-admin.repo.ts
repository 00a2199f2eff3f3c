import type { Queryable } from '../../lib/db-types.js';

export async function listClaims(db: Queryable, status: string | undefined) {
  const { rows } = await db.query<{
    id: string;
    user_id: number;
    username: string;
    token_prefix: string;
    status: 'active' | 'mismatch' | 'revoked' | 'pre_install';
    created_at: Date;
    last_seen_at: Date | null;
    last_hb_mt5_at: Date | null;
    primary_account_number: number | null;
  }>(
    `SELECT c.id, c.user_id, u.username, c.token_prefix, c.status, c.created_at, c.last_seen_at, c.last_hb_mt5_at,
            c.primary_account_number
     FROM bridge_claims c JOIN users u ON u.id = c.user_id
     WHERE ($1::text IS NULL OR c.status = $1) ORDER BY c.last_seen_at DESC NULLS LAST LIMIT 500`,
    [status ?? null],
  );
  return rows;
}

export async function setClaimStatus(
  db: Queryable,
  id: string,
  status: string,
  onlyFrom?: string[],
): Promise<{ user_id: number } | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE bridge_claims SET status = $2 WHERE id = $1 AND ($3::text[] IS NULL OR status = ANY($3)) RETURNING user_id`,
    [id, status, onlyFrom ?? null],
  );
  return rows[0];
}

export async function claimExists(db: Queryable, id: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM bridge_claims WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

export async function endSessions(
  db: Queryable,
  where: { userId?: number; claimId?: string },
  status: 'revoked' | 'terminated',
  reason: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE bridge_sessions SET status = $1, ended_at = now(), end_reason = $2
     WHERE status = 'active' AND ($3::bigint IS NULL OR user_id = $3) AND ($4::uuid IS NULL OR claim_id = $4)`,
    [status, reason, where.userId ?? null, where.claimId ?? null],
  );
  return rowCount ?? 0;
}

/** Revokes every pairing token of the user still waiting to be used (their access ended). */
export async function revokePendingTokensOf(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query(
    "UPDATE bridge_tokens SET status = 'revoked' WHERE user_id = $1 AND status = 'pending'",
    [userId],
  );
  return rowCount ?? 0;
}

export async function listSessions(db: Queryable, userId: number | undefined) {
  const { rows } = await db.query<{
    id: number;
    user_id: number;
    username: string;
    account_number: number | null;
    server: string | null;
    status: 'active' | 'revoked' | 'terminated' | 'expired';
    expires_at: Date;
    last_ping_at: Date | null;
    client_version: string | null;
  }>(
    `SELECT s.id, s.user_id, u.username, s.account_number, s.server,
            CASE WHEN s.status = 'active' AND s.expires_at <= now() THEN 'expired' ELSE s.status END AS status,
            s.expires_at, s.last_ping_at, s.client_version
     FROM bridge_sessions s JOIN users u ON u.id = s.user_id
     WHERE ($1::bigint IS NULL OR s.user_id = $1) ORDER BY s.created_at DESC LIMIT 500`,
    [userId ?? null],
  );
  return rows;
}

export async function listTokens(db: Queryable, status: string | undefined) {
  const { rows } = await db.query<{
    id: string;
    user_id: number;
    username: string;
    status: 'pending' | 'paired' | 'expired' | 'revoked';
    label: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    account_number_paired: number | null;
  }>(
    `SELECT * FROM (
       SELECT t.id, t.user_id, u.username,
              CASE WHEN t.status = 'pending' AND t.expires_at <= now() THEN 'expired' ELSE t.status END AS status,
              t.label, t.created_at, t.expires_at, t.used_at, t.account_number_paired
       FROM bridge_tokens t JOIN users u ON u.id = t.user_id) x
     WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC LIMIT 500`,
    [status ?? null],
  );
  return rows;
}

export async function revokePendingToken(
  db: Queryable,
  id: string,
): Promise<{ user_id: number } | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    "UPDATE bridge_tokens SET status = 'revoked' WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING user_id",
    [id],
  );
  return rows[0];
}

/** Marks what has run out and purges tokens no one can use any more (older than a day). */
export async function cleanup(db: Queryable, userId: number | undefined) {
  const u = userId ?? null;
  const sessions = await db.query(
    `UPDATE bridge_sessions SET status = 'expired', ended_at = now(), end_reason = 'cleanup'
     WHERE status = 'active' AND expires_at <= now() AND ($1::bigint IS NULL OR user_id = $1)`,
    [u],
  );
  const revoked = await db.query(
    `UPDATE bridge_tokens SET status = 'expired'
     WHERE status = 'pending' AND expires_at <= now() AND ($1::bigint IS NULL OR user_id = $1)`,
    [u],
  );
  const purged = await db.query(
    `DELETE FROM bridge_tokens WHERE status IN ('expired', 'revoked') AND expires_at < now() - interval '1 day'
     AND ($1::bigint IS NULL OR user_id = $1)`,
    [u],
  );
  return {
    sessions_revoked: sessions.rowCount ?? 0,
    tokens_revoked: revoked.rowCount ?? 0,
    tokens_purged: purged.rowCount ?? 0,
  };
}
