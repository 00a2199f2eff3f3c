import type { PhoneCodeChannel } from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/** The account's phone now and the number it last confirmed, if any. */
export interface PhoneRecord {
  phone: string | null;
  confirmedPhone: string | null;
  confirmedAt: Date | null;
}

const PhoneRow = z.object({
  phone: z.string().nullable(),
  confirmed_phone: z.string().nullable(),
  confirmed_at: z.date().nullable(),
});

const CodeRecord = z.object({
  id: z.number().int(),
  phone: z.string(),
  codeHash: z.string(),
  attempts: z.number().int(),
  expiresAt: z.date(),
  usedAt: z.date().nullable(),
  /** Past its expiry by the database's clock, the one that expires it. */
  expired: z.boolean(),
});
export type CodeRecord = z.infer<typeof CodeRecord>;

const CODE_COLUMNS = `id, phone, code_hash AS "codeHash", attempts, expires_at AS "expiresAt",
  used_at AS "usedAt", expires_at <= now() AS expired`;

// Any key of the two-int advisory lock space that no other feature uses: codes of one user are
// counted and inserted under it, so two requests at once cannot both pass the hourly limit.
const CODE_LOCK = 19_001;

/** Reads the user's phone here rather than through the users module, which owns its writes. */
export async function phoneRecord(db: Queryable, userId: number): Promise<PhoneRecord | null> {
  const r = await maybeRow(
    db,
    PhoneRow,
    `SELECT u.phone, c.phone AS confirmed_phone, c.confirmed_at
       FROM users u LEFT JOIN phone_confirmations c ON c.user_id = u.id
      WHERE u.id = $1`,
    [userId],
  );
  return r
    ? { phone: r.phone, confirmedPhone: r.confirmed_phone, confirmedAt: r.confirmed_at }
    : null;
}

/** The user's newest code: the only one that counts. */
export async function latestCode(db: Queryable, userId: number): Promise<CodeRecord | null> {
  const code = await maybeRow(
    db,
    CodeRecord,
    `SELECT ${CODE_COLUMNS}
       FROM phone_confirmation_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return code ?? null;
}

/** Takes the user's code lock for the transaction and answers the send times of the last hour. */
export async function lockRecentCodes(tx: pg.PoolClient, userId: number): Promise<Date[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [CODE_LOCK, userId]);
  const rows = await rowsOf(
    tx,
    z.object({ created_at: z.date() }),
    `SELECT created_at FROM phone_confirmation_codes
      WHERE user_id = $1 AND created_at > now() - interval '1 hour' ORDER BY created_at`,
    [userId],
  );
  return rows.map((r) => r.created_at);
}

/** Stores a new code, and deletes everyone's codes sent more than a day ago (the bound). */
export async function insertCode(
  tx: pg.PoolClient,
  c: { userId: number; phone: string; codeHash: string; channel: PhoneCodeChannel; ttlMs: number },
): Promise<Date> {
  await tx.query(
    `DELETE FROM phone_confirmation_codes WHERE created_at < now() - interval '1 day'`,
  );
  const row = await oneRow(
    tx,
    z.object({ expires_at: z.date() }),
    `INSERT INTO phone_confirmation_codes (user_id, phone, code_hash, channel, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000))
     RETURNING expires_at`,
    [c.userId, c.phone, c.codeHash, c.channel, c.ttlMs],
  );
  return row.expires_at;
}

/**
 * Spends one try of the user's newest code if it is unused, unexpired and has tries left;
 * atomic, so parallel guesses cannot share a try. Null when no try was spent.
 */
export async function spendTry(
  db: Queryable,
  userId: number,
  maxTries: number,
): Promise<CodeRecord | null> {
  const code = await maybeRow(
    db,
    CodeRecord,
    `UPDATE phone_confirmation_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM phone_confirmation_codes WHERE user_id = $1
                  ORDER BY id DESC LIMIT 1)
        AND used_at IS NULL AND expires_at > now() AND attempts < $2
      RETURNING ${CODE_COLUMNS}`,
    [userId, maxTries],
  );
  return code ?? null;
}

/** Marks the code used and records the number it confirmed; false when it was used already. */
export async function confirmWith(
  tx: pg.PoolClient,
  userId: number,
  code: CodeRecord,
): Promise<boolean> {
  const used = await tx.query(
    `UPDATE phone_confirmation_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
    [code.id],
  );
  if (used.rowCount !== 1) return false;
  await tx.query(
    `INSERT INTO phone_confirmations (user_id, phone, confirmed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET phone = EXCLUDED.phone, confirmed_at = EXCLUDED.confirmed_at`,
    [userId, code.phone],
  );
  return true;
}
