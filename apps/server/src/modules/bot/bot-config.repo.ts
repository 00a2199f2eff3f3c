import type { BotConfig } from '@vortex/core';
import { z } from 'zod';
import { maybeRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/** The JSON as stored: BotConfigSchema reads it, so fields added later take their defaults. */
const ConfigRow = z.object({ config: z.unknown() });

/** The stored JSON as written, not yet read through the schema; undefined when never saved. */
export async function findBotConfig(db: Queryable, userId: number): Promise<unknown> {
  const row = await maybeRow(db, ConfigRow, 'SELECT config FROM bot_configs WHERE user_id = $1', [
    userId,
  ]);
  return row?.config;
}

/** Locks the row for the rest of the transaction, so two saves audit their real difference. */
export async function findBotConfigForUpdate(db: Queryable, userId: number): Promise<unknown> {
  const row = await maybeRow(
    db,
    ConfigRow,
    'SELECT config FROM bot_configs WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return row?.config;
}

export async function upsertBotConfig(
  db: Queryable,
  userId: number,
  config: BotConfig,
  updatedBy: number,
): Promise<void> {
  await db.query(
    `INSERT INTO bot_configs (user_id, config, updated_at, updated_by)
     VALUES ($1, $2, now(), $3)
     ON CONFLICT (user_id) DO UPDATE
       SET config = EXCLUDED.config, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [userId, JSON.stringify(config), updatedBy],
  );
}
