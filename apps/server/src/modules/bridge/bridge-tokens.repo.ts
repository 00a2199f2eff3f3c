import type { Queryable } from '../../lib/db-types.js';

export interface BridgeTokenRow {
  id: string;
  user_id: number;
  token_prefix: string;
  label: string;
  status: 'pending' | 'paired' | 'expired' | 'revoked';
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  account_number_paired: number | null;
}

const COLUMNS =
  'id, user_id, token_prefix, label, status, created_at, expires_at, used_at, account_number_paired';

/** A pending token past its expiry reads as expired, whether or not a sweep has marked it. */
const EFFECTIVE = `CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END AS status`;

export async function insertBridgeToken(
  db: Queryable,
  t: { hash: Buffer; prefix: string; userId: number; label: string; expiresAt: Date },
): Promise<BridgeTokenRow> {
  const { rows } = await db.query<BridgeTokenRow>(
    `INSERT INTO bridge_tokens (token_hash, token_prefix, user_id, label, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [t.hash, t.prefix, t.userId, t.label, t.expiresAt],
  );
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findBridgeTokenByHash(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeTokenRow | undefined> {
  const { rows } = await db.query<BridgeTokenRow>(
    `SELECT ${COLUMNS.replace('status', EFFECTIVE)} FROM bridge_tokens WHERE token_hash = $1`,
    [hash],
  );
  return rows[0];
}

/** Spends a pending, unexpired token; undefined when it was not (or no longer) usable. */
export async function markTokenPaired(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeTokenRow | undefined> {
  const { rows } = await db.query<BridgeTokenRow>(
    `UPDATE bridge_tokens SET status = 'paired', used_at = now()
     WHERE token_hash = $1 AND status = 'pending' AND expires_at > now() RETURNING ${COLUMNS}`,
    [hash],
  );
  return rows[0];
}

export async function setTokenAccount(
  db: Queryable,
  id: string,
  accountNumber: number,
): Promise<void> {
  await db.query('UPDATE bridge_tokens SET account_number_paired = $2 WHERE id = $1', [
    id,
    accountNumber,
  ]);
}
