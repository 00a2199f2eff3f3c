import {
  canonicalAlertsConfig,
  readStoredAlertsConfig,
  type AlertsConfig,
  type AlertsConfigInput,
} from '@vortex/core';
import type pg from 'pg';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import { findAlertsConfig, upsertAlertsConfig } from './alerts.repo.js';

/** The user's alerts configuration, or the defaults (trading.md §9) when never saved. */
export async function alertsConfigOf(pool: pg.Pool, userId: number): Promise<AlertsConfig> {
  return readStoredAlertsConfig(await findAlertsConfig(pool, userId));
}

/** Replaces the whole configuration (already validated) and audits it, in one transaction. */
export async function saveAlertsConfig(
  pool: pg.Pool,
  actor: { userId: number; ip: string | null },
  input: AlertsConfigInput,
): Promise<void> {
  const config = canonicalAlertsConfig(input);
  await inTransaction(pool, async (tx) => {
    await upsertAlertsConfig(tx, actor.userId, config);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'alerts_config.update',
      targetUserId: actor.userId,
      ip: actor.ip,
      meta: {
        channels: config.channels,
        types: Object.entries(config.alertTypes)
          .filter(([, t]) => t.enabled)
          .map(([k]) => k),
      },
    });
  });
}
