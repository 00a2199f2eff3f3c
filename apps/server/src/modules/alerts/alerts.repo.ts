import { ALERT_CHANNELS, UserStatusSchema, type AlertsConfig } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

/** One channel's copy: the queue's message id, or why there is none. */
const StoredDelivery = z.object({
  channel: z.enum(ALERT_CHANNELS),
  to: z.string().nullable(),
  message_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type StoredDelivery = z.infer<typeof StoredDelivery>;

const AlertRow = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  created_at: z.date(),
  deliveries: z.array(StoredDelivery),
});
export type AlertRow = z.infer<typeof AlertRow>;

const IdRow = z.object({ id: z.number().int() });

/** The stored JSON as written (read through the config's schema); undefined when never saved. */
export async function findAlertsConfig(db: Queryable, userId: number): Promise<unknown> {
  const row = await maybeRow(
    db,
    z.object({ config: z.unknown() }),
    'SELECT config FROM alert_configs WHERE user_id = $1',
    [userId],
  );
  return row?.config;
}

export async function upsertAlertsConfig(
  db: Queryable,
  userId: number,
  config: AlertsConfig,
): Promise<void> {
  await db.query(
    `INSERT INTO alert_configs (user_id, config, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET config = EXCLUDED.config, updated_at = now()`,
    [userId, JSON.stringify(config)],
  );
}

/** Where a user's alerts go when their config names no address of its own. */
export interface AlertRecipient {
  email: string;
  phone: string | null;
  /** Only active (or approved) accounts get alerts. */
  active: boolean;
}

export async function findAlertRecipient(
  db: Queryable,
  userId: number,
): Promise<AlertRecipient | undefined> {
  const row = await maybeRow(
    db,
    z.object({ email: z.string(), phone: z.string().nullable(), status: UserStatusSchema }),
    'SELECT email, phone, status FROM users WHERE id = $1',
    [userId],
  );
  return (
    row && {
      email: row.email,
      phone: row.phone,
      active: row.status === 'active' || row.status === 'approved',
    }
  );
}

export interface NewAlert {
  userId: number;
  type: string;
  title: string;
  message: string;
  dedupeKey: string;
}

/** Records the alert unless its key was already taken; its id, or undefined for a repeat. */
export async function claimAlert(db: Queryable, a: NewAlert): Promise<number | undefined> {
  const row = await maybeRow(
    db,
    IdRow,
    `INSERT INTO alert_log (user_id, type, title, message, dedupe_key)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [a.userId, a.type, a.title, a.message, a.dedupeKey],
  );
  return row?.id;
}

export async function setAlertDeliveries(
  db: Queryable,
  alertId: number,
  deliveries: StoredDelivery[],
): Promise<void> {
  await db.query('UPDATE alert_log SET deliveries = $2 WHERE id = $1', [
    alertId,
    JSON.stringify(deliveries),
  ]);
}

export async function recentAlertsOf(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<AlertRow[]> {
  return rowsOf(
    db,
    AlertRow,
    `SELECT id, type, title, message, created_at, deliveries FROM alert_log
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}

/** Active traders with an MT5 account: whom a statistics digest may concern. */
export async function digestUserIds(db: Queryable): Promise<number[]> {
  const rows = await rowsOf(
    db,
    IdRow,
    `SELECT DISTINCT u.id FROM users u JOIN mt5_accounts a ON a.user_id = u.id
     WHERE u.status IN ('active', 'approved') ORDER BY u.id`,
  );
  return rows.map((r) => r.id);
}
