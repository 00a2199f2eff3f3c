import type { ClientLog } from '@vortex/core';
import type pg from 'pg';
import { insertClientLog } from './client-log.repo.js';

/** Keeps an interface crash report with the address it came from; returns its id. */
export async function recordClientLog(
  deps: { pool: pg.Pool },
  log: ClientLog,
  ip: string,
): Promise<number> {
  return insertClientLog(deps.pool, log, ip);
}
