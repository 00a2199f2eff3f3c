import { readStoredBotConfig, type BotConfig } from '@vortex/core';
import type pg from 'pg';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import { findBotConfig, findBotConfigForUpdate, upsertBotConfig } from './bot-config.repo.js';

export interface BotConfigActor {
  userId: number;
  ip: string | null;
}

/** The user's configuration, or the defaults when they never saved one. */
export async function botConfigOf(pool: pg.Pool, userId: number): Promise<BotConfig> {
  return readStoredBotConfig(await findBotConfig(pool, userId));
}

/** 'section.field' of every value that differs, for the audit trail. */
export function changedFields(before: BotConfig, after: BotConfig): string[] {
  const changed: string[] = [];
  for (const [name, section] of Object.entries(after) as [string, Record<string, unknown>][]) {
    const old = (before as unknown as Record<string, Record<string, unknown>>)[name] ?? {};
    for (const [field, value] of Object.entries(section)) {
      if (old[field] !== value) changed.push(`${name}.${field}`);
    }
  }
  return changed;
}

/**
 * Replaces the whole configuration (already validated) and records what changed. A save
 * without risk limits (the spec's payload has none) keeps the stored ones.
 */
export async function saveBotConfig(
  pool: pg.Pool,
  actor: BotConfigActor,
  config: BotConfig,
): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const before = readStoredBotConfig(await findBotConfigForUpdate(tx, actor.userId));
    const after = { ...config, risk: config.risk ?? before.risk };
    await upsertBotConfig(tx, actor.userId, after, actor.userId);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'bot_config.update',
      targetUserId: actor.userId,
      ip: actor.ip,
      meta: { changed: changedFields(before, after) },
    });
  });
}
