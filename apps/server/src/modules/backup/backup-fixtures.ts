import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';

/**
 * Rows that make a dump earn its keep: text with quotes, semicolons, backslashes, newlines and
 * accents, an inet, and deals whose insert trigger keeps deal_counts (a restore that fired it
 * again would double them and fail the row comparison's neighbour, deals_version).
 */
export async function seedBackupData(pool: pg.Pool, userId: number): Promise<void> {
  await pool.query(
    `INSERT INTO client_logs (level, message, stack, ip) VALUES
       ('error', $1, $2, '10.0.0.1'), ('warn', 'ação; ''aspas'' e \\barra', NULL, NULL)`,
    ["it's; a $$dollar$$ -- not a comment\nsecond line", "E'\\x41' /* not */"],
  );
  const { id: accountId } = await oneRow(
    pool,
    z.object({ id: z.number().int() }),
    `INSERT INTO mt5_accounts (user_id, account_number, server) VALUES ($1, 5551234, 'Demo')
     RETURNING id`,
    [userId],
  );
  await pool.query(
    `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
                        price, profit, commission, swap, magic, reason, comment, time_msc)
     SELECT $1, g, g, g, 'WINZ25', 0, 0, 1, 120000.5 + g, g * 0.1, -0.5, 0, 135000, 0, 'c;' || g,
            1700000000000 + g
       FROM generate_series(1, 1234) g`,
    [accountId],
  );
}
