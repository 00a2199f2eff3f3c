import type pg from 'pg';
import { inTransaction } from '../../lib/db-types.js';
import { takeImportQuota } from './report-import.repo.js';

/**
 * One of the user's imports for the hour, taken before the upload is read (issue 25); answers
 * the seconds until one frees up when none is left.
 */
export function takeImportTurn(
  pool: pg.Pool,
  userId: number,
  perHour: number,
): Promise<{ retryAfterS: number } | undefined> {
  return inTransaction(pool, (tx) => takeImportQuota(tx, userId, perHour));
}
