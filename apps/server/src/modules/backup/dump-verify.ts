import { backupMessages } from '@vortex/core';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import type { RowCounts } from './catalog-dump.js';
import { countRows, restoreDump } from './dump-restore.js';

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Restores the dump into a scratch database on the same server and compares every table's
 * rows with what the dump holds. Returns null when they match, else the pt-BR reason.
 */
export async function verifyDump(
  pool: pg.Pool,
  file: string,
  expected: RowCounts,
): Promise<string | null> {
  const name = `vortex_verify_${randomBytes(6).toString('hex')}`;
  const cs = (pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  await pool.query(`CREATE DATABASE ${name}`);
  try {
    const url = withDatabase(cs, name);
    try {
      await restoreDump(file, url);
    } catch (err) {
      // The database going away says nothing of the dump: the run fails for that reason.
      if (isDatabaseUnavailable(err)) throw err;
      return backupMessages.verifyRestoreFailed(err instanceof Error ? err.message : String(err));
    }
    const got = await countRows(url);
    for (const table of new Set([...Object.keys(expected), ...Object.keys(got)])) {
      const want = expected[table] ?? 0;
      const have = got[table] ?? -1;
      if (want !== have) return backupMessages.verifyMismatch(table, want, Math.max(have, 0));
    }
    return null;
  } finally {
    await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
