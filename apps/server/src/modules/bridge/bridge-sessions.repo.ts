import type { Queryable } from '../../lib/db-types.js';

export interface BridgeSessionRow {
  id: number;
  user_id: number;
  claim_id: string | null;
  status: 'active' | 'revoked' | 'terminated' | 'expired';
  expires_at: Date;
}

export async function insertBridgeSession(
  db: Queryable,
  s: { hash: Buffer; userId: number; claimId: string; clientVersion: string; expiresAt: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO bridge_sessions (session_hash, user_id, claim_id, client_version, expires_at, last_ping_at)
     VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
    [s.hash, s.userId, s.claimId, s.clientVersion, s.expiresAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function findActiveBridgeSession(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeSessionRow | undefined> {
  const { rows } = await db.query<BridgeSessionRow>(
    `SELECT id, user_id, claim_id, status, expires_at FROM bridge_sessions
     WHERE session_hash = $1 AND status = 'active' AND expires_at > now()`,
    [hash],
  );
  return rows[0];
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
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM bridge_sessions WHERE status = 'active' AND expires_at > now()",
  );
  return rows[0]?.n ?? 0;
}
