import type { Role } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import { phoneKey, samePhone } from './whatsapp-phone.js';

export interface PhoneOwner {
  id: number;
  username: string;
  role: Role;
}

/** The active users whose registered phone is `phone` (Brazilian ninth digit or not). */
export async function usersByPhone(db: Queryable, phone: string): Promise<PhoneOwner[]> {
  const key = phoneKey(phone);
  if (!key) return [];
  // Narrowed in SQL by the last 8 digits, which every form of the number shares.
  const { rows } = await db.query<PhoneOwner & { phone: string }>(
    `SELECT id, username, role, phone FROM users
      WHERE status IN ('active', 'approved') AND phone IS NOT NULL
        AND right(regexp_replace(phone, '\\D', '', 'g'), 8) = $1
      ORDER BY id`,
    [key.slice(-8)],
  );
  return rows
    .filter((r) => samePhone(r.phone, phone))
    .map(({ id, username, role }) => ({ id, username, role }));
}
