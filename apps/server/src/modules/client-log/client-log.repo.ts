import type { ClientLog } from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';

export async function insertClientLog(pool: pg.Pool, log: ClientLog, ip: string): Promise<number> {
  const { id } = await oneRow(
    pool,
    z.object({ id: z.number().int() }),
    `INSERT INTO client_logs (level, message, stack, component_stack, user_agent, client_ts, url, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::inet) RETURNING id`,
    [
      log.level,
      log.message,
      log.stack ?? null,
      log.componentStack ?? null,
      log.ua ?? null,
      log.ts === undefined ? null : String(log.ts),
      log.url ?? null,
      ip,
    ],
  );
  return id;
}
