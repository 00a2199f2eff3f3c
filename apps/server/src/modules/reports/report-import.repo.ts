import { takeHourlyQuota } from '../../db/hourly-quota.js';
import type { Queryable } from '../../lib/db-types.js';

/**
 * Counts one of the user's imports for the hour. Every attempt counts, refused ones too (a
 * refused zip bomb cost the server as much as an import).
 */
export function takeImportQuota(
  tx: Queryable,
  userId: number,
  perHour: number,
): Promise<{ retryAfterS: number } | undefined> {
  return takeHourlyQuota(tx, 'report_import_user', String(userId), perHour);
}
