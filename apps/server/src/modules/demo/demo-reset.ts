import { rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import { inTransaction } from '../../lib/db-types.js';

/**
 * The simulator keeps no account across restarts: each start draws a fresh history ending now,
 * its tickets numbered from 1 again, under the same account number. Kept beside the previous
 * run's deals, it would be skipped below their highest ticket, pair closing deals with another
 * run's openings, and disagree with the balance the terminal reports; its trades would also
 * find their alert keys spent. So demo mode starts each run clean, before anything reads the
 * account: the demo trader's stored accounts (deals, positions, orders, snapshots, bars) go, the
 * trade alerts already sent keep their place in the log but free their keys, the bot's peak
 * equity starts over, and the agent's outbox of the previous run is dropped.
 */
export async function resetDemoAccount(
  pool: pg.Pool,
  userId: number,
  bridgeStateDir: string,
): Promise<{ accounts: number }> {
  // Keys freed by an earlier start already carry their tag: they are left as they are.
  const tag = `:run-before-${Date.now()}`;
  const accounts = await inTransaction(pool, async (tx) => {
    const rows = await rowsOf(
      tx,
      z.object({ id: z.number().int() }),
      'DELETE FROM mt5_accounts WHERE user_id = $1 RETURNING id',
      [userId],
    );
    const ids = rows.map((r) => r.id);
    // Deals go with their account by trigger; the per-account deal counters have no key to it.
    await tx.query('DELETE FROM deal_counts WHERE account_id = ANY($1::bigint[])', [ids]);
    await tx.query(
      `UPDATE alert_log SET dedupe_key = dedupe_key || $2
       WHERE user_id = $1 AND type IN ('trade_open', 'trade_close')
         AND dedupe_key NOT LIKE '%:run-before-%'`,
      [userId, tag],
    );
    await tx.query(
      `UPDATE messages SET dedupe_key = dedupe_key || $2
       WHERE user_id = $1 AND origin IN ('alert:trade_open', 'alert:trade_close')
         AND dedupe_key IS NOT NULL AND dedupe_key NOT LIKE '%:run-before-%'`,
      [userId, tag],
    );
    await tx.query('UPDATE bot_runs SET peak_equity = NULL WHERE user_id = $1', [userId]);
    return ids.length;
  });
  await rm(path.join(bridgeStateDir, 'outbox.json'), { force: true });
  return { accounts };
}
