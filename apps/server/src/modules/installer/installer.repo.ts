import type { Queryable } from '../../lib/db-types.js';

export const INSTALLER_TTL_MS = 15 * 60 * 1000;

export async function insertInstaller(
  db: Queryable,
  i: { userId: number; claimId: string; zip: Buffer },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO bridge_installers (user_id, claim_id, zip, expires_at)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') RETURNING id`,
    [i.userId, i.claimId, i.zip, INSTALLER_TTL_MS],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** The zip holds a device key: it is handed out once, then only its record remains. */
export async function takeInstaller(db: Queryable, id: string): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ zip: Buffer }>(
    `UPDATE bridge_installers i SET downloaded_at = now(), zip = ''::bytea
     FROM (SELECT zip FROM bridge_installers WHERE id = $1 FOR UPDATE) old
     WHERE i.id = $1 AND i.downloaded_at IS NULL AND i.expires_at > now()
     RETURNING old.zip`,
    [id],
  );
  return rows[0]?.zip;
}
