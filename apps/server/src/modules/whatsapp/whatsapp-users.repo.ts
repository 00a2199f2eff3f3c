import { RoleSchema, type Role } from '@vortex/core';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { isPhoneConfirmed } from '../phone/confirmed-phone.js';
import { phoneKey, samePhone } from './whatsapp-phone.js';

const PhoneOwnerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
  phone: z.string(),
  confirmed_phone: z.string().nullable(),
});

export interface PhoneOwner {
  id: number;
  username: string;
  role: Role;
  /** The owner proved this phone is theirs with a code sent to it. */
  confirmed: boolean;
}

/**
 * The active users whose registered phone is `phone` (Brazilian ninth digit or not), and
 * whether each confirmed it: anyone may type any number on their account.
 */
export async function usersByPhone(db: Queryable, phone: string): Promise<PhoneOwner[]> {
  const key = phoneKey(phone);
  if (!key) return [];
  // Narrowed in SQL by the last 8 digits, which every form of the number shares.
  const rows = await rowsOf(
    db,
    PhoneOwnerRow,
    `SELECT u.id, u.username, u.role, u.phone, c.phone AS confirmed_phone
       FROM users u LEFT JOIN phone_confirmations c ON c.user_id = u.id
      WHERE u.status IN ('active', 'approved') AND u.phone IS NOT NULL
        AND right(regexp_replace(u.phone, '\\D', '', 'g'), 8) = $1
      ORDER BY u.id`,
    [key.slice(-8)],
  );
  return rows
    .filter((r) => samePhone(r.phone, phone))
    .map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      confirmed: isPhoneConfirmed(r.phone, r.confirmed_phone),
    }));
}
