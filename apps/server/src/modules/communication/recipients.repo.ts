import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const Recipient = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Recipient = z.infer<typeof Recipient>;

/** 'all' is every user whose account is in use (active or approved); ids are taken as named. */
export async function findRecipients(db: Queryable, ids: number[] | 'all'): Promise<Recipient[]> {
  return rowsOf(
    db,
    Recipient,
    ids === 'all'
      ? `SELECT id, username, email, phone FROM users
         WHERE status IN ('active', 'approved') ORDER BY id`
      : `SELECT id, username, email, phone FROM users WHERE id = ANY($1::bigint[]) ORDER BY id`,
    ids === 'all' ? [] : [ids],
  );
}
