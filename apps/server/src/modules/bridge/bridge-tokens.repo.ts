import { BRIDGE_TOKEN_STATUSES } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const BridgeTokenRow = z.object({
  id: z.string(),
  user_id: z.number().int(),
  token_prefix: z.string(),
  label: z.string(),
  status: z.enum(BRIDGE_TOKEN_STATUSES),
  created_at: z.date(),
  expires_at: z.date(),
  used_at: z.date().nullable(),
  account_number_paired: z.number().int().nullable(),
});
export type BridgeTokenRow = z.infer<typeof BridgeTokenRow>;

const COLUMNS =
  'id, user_id, token_prefix, label, status, created_at, expires_at, used_at, account_number_paired';

/** A pending token past its expiry reads as expired, whether or not a sweep has marked it. */
const EFFECTIVE = `CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END AS status`;

export async function insertBridgeToken(
  db: Queryable,
  t: { hash: Buffer; prefix: string; userId: number; label: string; expiresAt: Date },
): Promise<BridgeTokenRow> {
  return oneRow(
    db,
    BridgeTokenRow,
    `INSERT INTO bridge_tokens (token_hash, token_prefix, user_id, label, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [t.hash, t.prefix, t.userId, t.label, t.expiresAt],
  );
}

export async function findBridgeTokenByHash(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeTokenRow | undefined> {
  return maybeRow(
    db,
    BridgeTokenRow,
    `SELECT ${COLUMNS.replace('status', EFFECTIVE)} FROM bridge_tokens WHERE token_hash = $1`,
    [hash],
  );
}

/** Spends a pending, unexpired token; undefined when it was not (or no longer) usable. */
export async function markTokenPaired(
  db: Queryable,
  hash: Buffer,
): Promise<BridgeTokenRow | undefined> {
  return maybeRow(
    db,
    BridgeTokenRow,
    `UPDATE bridge_tokens SET status = 'paired', used_at = now()
     WHERE token_hash = $1 AND status = 'pending' AND expires_at > now() RETURNING ${COLUMNS}`,
    [hash],
  );
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
