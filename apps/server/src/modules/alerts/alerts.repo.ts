import type { AlertChannel, AlertsConfig } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

/** The stored JSON as written; undefined when the user never saved one. */
export async function findAlertsConfig(db: Queryable, userId: number): Promise<unknown> {
  const { rows } = await db.query<{ config: unknown }>(
    'SELECT config FROM alert_configs WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.config;
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
  const { rows } = await db.query<{ email: string; phone: string | null; status: string }>(
    'SELECT email, phone, status FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  return (
    row && {
      email: row.email,
      phone: row.phone,
      active: row.status === 'active' || row.status === 'approved',
    }
  );
}

/** One channel's copy: the queue's message id, or why there is none. */
export interface StoredDelivery {
  channel: AlertChannel;
  to: string | null;
  message_id: string | null;
  error: string | null;
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
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_log (user_id, type, title, message, dedupe_key)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [a.userId, a.type, a.title, a.message, a.dedupeKey],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
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

export interface AlertRow {
  id: number;
  type: string;
  title: string;
  message: string;
  created_at: Date;
  deliveries: StoredDelivery[];
}

export async function recentAlertsOf(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<AlertRow[]> {
  const { rows } = await db.query<Omit<AlertRow, 'id'> & { id: string }>(
    `SELECT id, type, title, message, created_at, deliveries FROM alert_log
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
