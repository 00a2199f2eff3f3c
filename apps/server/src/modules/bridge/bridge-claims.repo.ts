import { ClaimSchema } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const ClaimStatus = ClaimSchema.shape.status;
export type ClaimStatus = z.infer<typeof ClaimStatus>;

const DeviceClaimRow = z.object({ id: z.string(), user_id: z.number().int(), status: ClaimStatus });

export async function insertClaim(
  db: Queryable,
  c: { userId: number; tokenPrefix: string; status: ClaimStatus; deviceKeyHash?: Buffer },
): Promise<string> {
  const { id } = await oneRow(
    db,
    z.object({ id: z.string() }),
    `INSERT INTO bridge_claims (user_id, token_prefix, status, device_key_hash, last_seen_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $3 = 'pre_install' THEN NULL ELSE now() END) RETURNING id`,
    [c.userId, c.tokenPrefix, c.status, c.deviceKeyHash ?? null],
  );
  return id;
}

export async function findClaimByDeviceKey(
  db: Queryable,
  hash: Buffer,
): Promise<z.infer<typeof DeviceClaimRow> | undefined> {
  return maybeRow(
    db,
    DeviceClaimRow,
    'SELECT id, user_id, status FROM bridge_claims WHERE device_key_hash = $1',
    [hash],
  );
}

export async function claimStatusOf(db: Queryable, id: string): Promise<ClaimStatus | undefined> {
  const row = await maybeRow(
    db,
    z.object({ status: ClaimStatus }),
    'SELECT status FROM bridge_claims WHERE id = $1',
    [id],
  );
  return row?.status;
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
  const row = await maybeRow(
    db,
    z.object({ primary_account_number: z.number().int() }),
    `UPDATE bridge_claims SET primary_account_number = COALESCE(primary_account_number, $2),
       status = CASE WHEN primary_account_number IS NOT NULL AND primary_account_number <> $2
                     THEN 'mismatch' ELSE status END
     WHERE id = $1 RETURNING primary_account_number`,
    [id, accountNumber],
  );
  return { mismatch: row !== undefined && row.primary_account_number !== accountNumber };
}

/** After a reset the next account reported becomes the primary one. */
export async function clearClaimAccount(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE bridge_claims SET primary_account_number = NULL WHERE id = $1', [id]);
}
