import { z } from 'zod';
import { maybeRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/**
 * Whether onboarding is complete for the user: remembered once its rule has held (`holdsNow`),
 * so it stays complete when the bridge is later off, and in every browser.
 */
export async function rememberOnboarding(
  db: Queryable,
  userId: number,
  holdsNow: boolean,
): Promise<boolean> {
  if (holdsNow) {
    await db.query(
      'UPDATE users SET onboarding_completed_at = now() WHERE id = $1 AND onboarding_completed_at IS NULL',
      [userId],
    );
    return true;
  }
  const row = await maybeRow(
    db,
    z.object({ done: z.boolean() }),
    'SELECT onboarding_completed_at IS NOT NULL AS done FROM users WHERE id = $1',
    [userId],
  );
  return row?.done === true;
}
