import type { Queryable } from '../../lib/db-types.js';

export interface Recipient {
  id: number;
  username: string;
  email: string;
  phone: string | null;
}

/** 'all' is every user whose account is in use (active or approved); ids are taken as named. */
export async function findRecipients(db: Queryable, ids: number[] | 'all'): Promise<Recipient[]> {
  const { rows } = await db.query<{
    id: string;
    username: string;
    email: string;
    phone: string | null;
  }>(
    ids === 'all'
      ? `SELECT id, username, email, phone FROM users
         WHERE status IN ('active', 'approved') ORDER BY id`
      : `SELECT id, username, email, phone FROM users WHERE id = ANY($1::bigint[]) ORDER BY id`,
    ids === 'all' ? [] : [ids],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
