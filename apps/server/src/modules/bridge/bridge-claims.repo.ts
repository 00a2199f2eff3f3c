import type { Queryable } from '../../lib/db-types.js';

export async function insertClaim(
  db: Queryable,
  c: { userId: number; tokenPrefix: string; status: 'active' | 'pre_install' },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO bridge_claims (user_id, token_prefix, status, last_seen_at) VALUES ($1, $2, $3, now()) RETURNING id',
    [c.userId, c.tokenPrefix, c.status],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function touchClaim(db: Queryable, id: string, mt5Alive: boolean): Promise<void> {
  await db.query(
    `UPDATE bridge_claims SET last_seen_at = now(),
       last_hb_mt5_at = CASE WHEN $2 THEN now() ELSE last_hb_mt5_at END
     WHERE id = $1`,
    [id, mt5Alive],
  );
}

/** The first account an agent reports becomes its claim's primary account. */
export async function setClaimAccount(
  db: Queryable,
  id: string,
  accountNumber: number,
): Promise<void> {
  await db.query(
    'UPDATE bridge_claims SET primary_account_number = COALESCE(primary_account_number, $2) WHERE id = $1',
    [id, accountNumber],
  );
}
