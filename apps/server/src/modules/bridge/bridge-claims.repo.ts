import type { Queryable } from '../../lib/db-types.js';

export type ClaimStatus = 'active' | 'mismatch' | 'revoked' | 'pre_install';

export async function insertClaim(
  db: Queryable,
  c: { userId: number; tokenPrefix: string; status: ClaimStatus; deviceKeyHash?: Buffer },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO bridge_claims (user_id, token_prefix, status, device_key_hash, last_seen_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $3 = 'pre_install' THEN NULL ELSE now() END) RETURNING id`,
    [c.userId, c.tokenPrefix, c.status, c.deviceKeyHash ?? null],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function findClaimByDeviceKey(
  db: Queryable,
  hash: Buffer,
): Promise<{ id: string; user_id: number; status: ClaimStatus } | undefined> {
  const { rows } = await db.query<{ id: string; user_id: number; status: ClaimStatus }>(
    'SELECT id, user_id, status FROM bridge_claims WHERE device_key_hash = $1',
    [hash],
  );
  return rows[0];
}

export async function claimStatusOf(db: Queryable, id: string): Promise<ClaimStatus | undefined> {
  const { rows } = await db.query<{ status: ClaimStatus }>(
    'SELECT status FROM bridge_claims WHERE id = $1',
    [id],
  );
  return rows[0]?.status;
}

/**
 * The first account an agent reports becomes its claim's primary account. Another account on
 * the same claim is a mismatch: the claim is marked and the answer says so.
 */
export async function setClaimAccount(
  db: Queryable,
  id: string,
  accountNumber: number,
): Promise<{ mismatch: boolean }> {
  const { rows } = await db.query<{ primary_account_number: string | number }>(
    `UPDATE bridge_claims SET primary_account_number = COALESCE(primary_account_number, $2),
       status = CASE WHEN primary_account_number IS NOT NULL AND primary_account_number <> $2
                     THEN 'mismatch' ELSE status END
     WHERE id = $1 RETURNING primary_account_number`,
    [id, accountNumber],
  );
  const primary = rows[0]?.primary_account_number;
  return { mismatch: primary !== undefined && Number(primary) !== accountNumber };
}

/** After a reset the next account reported becomes the primary one. */
export async function clearClaimAccount(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE bridge_claims SET primary_account_number = NULL WHERE id = $1', [id]);
}
