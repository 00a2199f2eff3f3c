import {
  ALERT_CHANNELS,
  isConfigurableAlertType,
  renderAlert,
  type AlertChannel,
  type AlertsConfig,
  type AlertText,
  type RecentAlert,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { inTransaction } from '../../lib/db-types.js';
import type { MessageQueue, OutgoingMessage } from '../messaging/message-queue.js';
import { alertsConfigOf } from './alerts-config.service.js';
import {
  claimAlert,
  findAlertRecipient,
  recentAlertsOf,
  setAlertDeliveries,
  type AlertRecipient,
  type StoredDelivery,
} from './alerts.repo.js';
import { alertDeliveryMessages as msg } from './alerts.messages.js';

export interface AlertDispatcherDeps {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Read at each send: the queue may be decorated after the alerts are wired. */
  queue: () => MessageQueue | undefined;
  appUrl?: string | undefined;
}

/** A phone as the queue wants it: digits with the country code (Brazil's when missing). */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

function addressOf(
  channel: AlertChannel,
  config: AlertsConfig,
  user: AlertRecipient,
): string | null {
  if (channel === 'email') return config.email || user.email || null;
  if (channel === 'sms') return phoneDigits(config.phone || user.phone);
  return phoneDigits(config.whatsapp || config.phone || user.phone);
}

/**
 * Turns an alert into one message per enabled channel, once per dedupe key: the key is claimed
 * in the alert log first, so of several instances hearing one event only one sends it. The
 * claim, the queued messages and their deliveries commit together: a server that dies half-way
 * leaves the key unclaimed for the next attempt, never an alert logged but not sent.
 */
export class AlertDispatcher {
  constructor(private readonly deps: AlertDispatcherDeps) {}

  /** The alert's id, or undefined when it was off, for nobody, or already raised. */
  async raise(userId: number, alert: AlertText, dedupeKey: string): Promise<number | undefined> {
    const user = await findAlertRecipient(this.deps.pool, userId);
    if (!user?.active) return undefined;
    const config = await alertsConfigOf(this.deps.pool, userId);
    // The risk stop and the DARF reminder have no switch here: a stopped bot is always worth
    // telling, and the reminder is switched in the tax settings.
    if (isConfigurableAlertType(alert.type) && !config.alertTypes[alert.type].enabled)
      return undefined;
    const channels = ALERT_CHANNELS.filter((c) => config.channels[c]);
    const deliveries: StoredDelivery[] = channels.map((channel) => {
      const to = addressOf(channel, config, user);
      return { channel, to, message_id: null, error: to ? null : msg.noAddress };
    });
    const outgoing: OutgoingMessage[] = deliveries
      .filter((d) => d.to !== null)
      .map((d) => ({
        channel: d.channel,
        to: d.to as string,
        ...renderAlert(alert, d.channel, this.deps.appUrl),
        userId,
        origin: `alert:${alert.type}`,
        dedupeKey: `${dedupeKey}:${d.channel}`,
      }));
    const id = await inTransaction(this.deps.pool, async (tx) => {
      const claimed = await claimAlert(tx, {
        userId,
        type: alert.type,
        title: alert.title,
        message: alert.message,
        dedupeKey,
      });
      if (claimed === undefined) return undefined;
      if (outgoing.length > 0) await this.enqueue(tx, outgoing, deliveries);
      await setAlertDeliveries(tx, claimed, deliveries);
      return claimed;
    });
    if (id !== undefined) this.deps.queue()?.wake(outgoing.map((m) => m.channel));
    return id;
  }

  /**
   * Queues the messages in the alert's transaction. A queue that refuses them does not undo the
   * alert: it is logged with the reason on each channel, behind a savepoint.
   */
  private async enqueue(
    tx: pg.PoolClient,
    outgoing: OutgoingMessage[],
    deliveries: StoredDelivery[],
  ): Promise<void> {
    const sendable = deliveries.filter((d) => d.to !== null);
    const queue = this.deps.queue();
    if (!queue) {
      for (const d of sendable) d.error = msg.queueUnavailable;
      return;
    }
    await tx.query('SAVEPOINT alert_enqueue');
    try {
      const ids = await queue.enqueueIn(tx, outgoing);
      sendable.forEach((d, i) => (d.message_id = ids[i] ?? null));
      await tx.query('RELEASE SAVEPOINT alert_enqueue');
    } catch (err) {
      this.deps.log.warn({ err }, 'alert messages could not be queued');
      await tx.query('ROLLBACK TO SAVEPOINT alert_enqueue');
      for (const d of sendable) d.error = msg.queueFailed;
    }
  }

  /** The user's newest alerts with where each channel's copy stands now. */
  async recent(userId: number, limit = RECENT_ALERTS): Promise<RecentAlert[]> {
    const rows = await recentAlertsOf(this.deps.pool, userId, limit);
    const ids = rows.flatMap((r) =>
      r.deliveries.flatMap((d) => (d.message_id ? [d.message_id] : [])),
    );
    const queue = this.deps.queue();
    const results = new Map(
      ids.length > 0 && queue ? (await queue.results(ids)).map((r) => [r.id, r] as const) : [],
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type as RecentAlert['type'],
      title: r.title,
      message: r.message,
      timestamp: r.created_at.toISOString(),
      channels: r.deliveries.map((d) => {
        const result = d.message_id ? results.get(d.message_id) : undefined;
        if (result)
          return { channel: d.channel, to: d.to, status: result.status, error: result.error };
        if (d.to === null)
          return { channel: d.channel, to: null, status: 'skipped' as const, error: d.error };
        return {
          channel: d.channel,
          to: d.to,
          status: d.error ? ('failed' as const) : ('pending' as const),
          error: d.error,
        };
      }),
    }));
  }
}

/** How many alerts the screen lists. */
export const RECENT_ALERTS = 50;
