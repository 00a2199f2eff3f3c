import { BRIDGE_TOKEN_STATUSES, BridgeSessionSchema } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { ClaimRow } from './bridge-status.repo.js';

const AdminClaimRow = ClaimRow.extend({ username: z.string() });

const AdminSessionRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  account_number: z.number().int().nullable(),
  server: z.string().nullable(),
  status: BridgeSessionSchema.shape.status,
  expires_at: z.date(),
  last_ping_at: z.date().nullable(),
  client_version: z.string().nullable(),
});

const AdminTokenRow = z.object({
  id: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  status: z.enum(BRIDGE_TOKEN_STATUSES),
  label: z.string(),
  created_at: z.date(),
  expires_at: z.date(),
  used_at: z.date().nullable(),
  account_number_paired: z.number().int().nullable(),
});

const OwnerRow = z.object({ user_id: z.number().int() });

export async function listClaims(db: Queryable, status: string | undefined) {
  return rowsOf(
    db,
    AdminClaimRow,
    `SELECT c.id, c.user_id, u.username, c.token_prefix, c.status, c.created_at, c.last_seen_at, c.last_hb_mt5_at,
            c.primary_account_number
     FROM bridge_claims c JOIN users u ON u.id = c.user_id
     WHERE ($1::text IS NULL OR c.status = $1) ORDER BY c.last_seen_at DESC NULLS LAST LIMIT 500`,
    [status ?? null],
  );
}

export async function setClaimStatus(
  db: Queryable,
  id: string,
  status: string,
  onlyFrom?: string[],
): Promise<{ user_id: number } | undefined> {
  return maybeRow(
    db,
    OwnerRow,
    `UPDATE bridge_claims SET status = $2 WHERE id = $1 AND ($3::text[] IS NULL OR status = ANY($3)) RETURNING user_id`,
    [id, status, onlyFrom ?? null],
  );
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
  return rowsOf(
    db,
    AdminSessionRow,
    `SELECT s.id, s.user_id, u.username, s.account_number, s.server,
            CASE WHEN s.status = 'active' AND s.expires_at <= now() THEN 'expired' ELSE s.status END AS status,
            s.expires_at, s.last_ping_at, s.client_version
     FROM bridge_sessions s JOIN users u ON u.id = s.user_id
     WHERE ($1::bigint IS NULL OR s.user_id = $1) ORDER BY s.created_at DESC LIMIT 500`,
    [userId ?? null],
  );
}

export async function listTokens(db: Queryable, status: string | undefined) {
  return rowsOf(
    db,
    AdminTokenRow,
    `SELECT * FROM (
       SELECT t.id, t.user_id, u.username,
              CASE WHEN t.status = 'pending' AND t.expires_at <= now() THEN 'expired' ELSE t.status END AS status,
              t.label, t.created_at, t.expires_at, t.used_at, t.account_number_paired
       FROM bridge_tokens t JOIN users u ON u.id = t.user_id) x
     WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC LIMIT 500`,
    [status ?? null],
  );
}

export async function revokePendingToken(
  db: Queryable,
  id: string,
): Promise<{ user_id: number } | undefined> {
  return maybeRow(
    db,
    OwnerRow,
    "UPDATE bridge_tokens SET status = 'revoked' WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING user_id",
    [id],
  );
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
