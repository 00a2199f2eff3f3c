import { z } from 'zod';
import { maybeRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const UsableResetRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
});

export async function insertReset(
  db: Queryable,
  r: { hash: Buffer; userId: number; expiresAt: Date; ip: string },
): Promise<void> {
  await db.query(
    'INSERT INTO password_resets (token_hash, user_id, expires_at, ip) VALUES ($1, $2, $3, $4::inet)',
    [r.hash, r.userId, r.expiresAt, r.ip],
  );
}

/** A usable reset: unused and unexpired. `lock` holds it until the transaction ends. */
export async function findUsableReset(
  db: Queryable,
  hash: Buffer,
  opts: { lock?: boolean } = {},
): Promise<z.infer<typeof UsableResetRow> | undefined> {
  return maybeRow(
    db,
    UsableResetRow,
    `SELECT r.id, r.user_id, u.email FROM password_resets r JOIN users u ON u.id = r.user_id
     WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()
     ${opts.lock ? 'FOR UPDATE OF r' : ''}`,
    [hash],
  );
}

/** Spends every outstanding reset of the user: a link works once, and only the newest matters. */
export async function spendResets(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
}

/** Removes a reset whose link never went out: nobody holds it, so nothing may redeem it. */
export async function dropReset(db: Queryable, hash: Buffer): Promise<void> {
  await db.query('DELETE FROM password_resets WHERE token_hash = $1', [hash]);
}
