import { BridgeSessionSchema } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const BridgeSessionRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  claim_id: z.string().nullable(),
  status: BridgeSessionSchema.shape.status,
  expires_at: z.date(),
});
export type BridgeSessionRow = z.infer<typeof BridgeSessionRow>;

const CountRow = z.object({ n: z.number().int() });

export async function insertBridgeSession(
  db: Queryable,
  s: { hash: Buffer; userId: number; claimId: string; clientVersion: string; expiresAt: Date },
): Promise<number> {
  const { id } = await oneRow(
    db,
    BridgeSessionRow.pick({ id: true }),
    `INSERT INTO bridge_sessions (session_hash, user_id, claim_id, client_version, expires_at, last_ping_at)
     VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
    [s.hash, s.userId, s.claimId, s.clientVersion, s.expiresAt],
  );
  return id;
}

export async function findActiveBridgeSession(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeSessionRow | undefined> {
  return maybeRow(
    db,
    BridgeSessionRow,
    `SELECT id, user_id, claim_id, status, expires_at FROM bridge_sessions
     WHERE session_hash = $1 AND status = 'active' AND expires_at > now()`,
    [hash],
  );
}

/** A heartbeat keeps the session alive: its 12-hour lifetime counts from the last sign of life. */
export async function pingBridgeSession(db: Queryable, id: number, expiresAt: Date): Promise<void> {
  await db.query(
    'UPDATE bridge_sessions SET last_ping_at = now(), expires_at = $2, disconnected_at = NULL WHERE id = $1',
    [id, expiresAt],
  );
}

export async function setSessionAccount(
  db: Queryable,
  id: number,
  a: { accountNumber: number; server: string; clientVersion: string },
): Promise<void> {
  await db.query(
    'UPDATE bridge_sessions SET account_number = $2, server = $3, client_version = $4 WHERE id = $1',
    [id, a.accountNumber, a.server, a.clientVersion],
  );
}

/** The agent's connection closed: the bridge reads offline now, not after 60 s of silence. */
export async function markSessionDisconnected(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE bridge_sessions SET disconnected_at = now() WHERE id = $1', [id]);
}

export async function countActiveSessions(db: Queryable): Promise<number> {
  const { n } = await oneRow(
    db,
    CountRow,
    "SELECT count(*)::int AS n FROM bridge_sessions WHERE status = 'active' AND expires_at > now()",
  );
  return n;
}

/** The revocation codes an agent is told by name (bridge-admin.service.ts, access-end.ts). */
const TOLD_REASONS = new Set(['admin_revoke', 'claim_revoked', 'user_terminate']);

/**
 * Why a session ended, as the agent is told: the admin's or the user's own code when one ended
 * it, else 'session_ended' (expired, or a reason the agent has no words for).
 */
export async function sessionEndReason(db: Queryable, id: number): Promise<string> {
  const row = await maybeRow(
    db,
    z.object({ end_reason: z.string().nullable() }),
    'SELECT end_reason FROM bridge_sessions WHERE id = $1',
    [id],
  );
  const reason = row?.end_reason;
  return reason && TOLD_REASONS.has(reason) ? reason : 'session_ended';
}
