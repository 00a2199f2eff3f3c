import { z } from 'zod';
import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  ALERT_TYPES,
  RAISED_ALERT_TYPES,
} from './config.schema.js';

const typeEntry = z.object({ enabled: z.boolean(), name: z.string() });

/** The config as the server answers it (every type named). */
export const AlertsConfigOutSchema = z.object({
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  channels: z.object({ sms: z.boolean(), whatsapp: z.boolean(), email: z.boolean() }),
  alertTypes: z.object(
    Object.fromEntries(ALERT_TYPES.map((t) => [t, typeEntry])) as Record<
      (typeof ALERT_TYPES)[number],
      typeof typeEntry
    >,
  ),
  soundEnabled: z.boolean(),
  statisticsFrequency: z.enum(ALERT_FREQUENCIES),
  promotionsFrequency: z.enum(ALERT_FREQUENCIES),
});

/** GET /api/alerts/config: the caller's config, or the defaults (§9) when never saved. */
export const AlertsConfigResponseSchema = z.object({
  success: z.literal(true),
  config: AlertsConfigOutSchema,
});
export type AlertsConfigResponse = z.infer<typeof AlertsConfigResponseSchema>;

export const SaveAlertsConfigResponseSchema = z.object({ success: z.literal(true) });

/** How one channel's copy of an alert went; 'skipped' when the user has no address for it. */
export const AlertDeliverySchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
  /** The destination, or null when skipped. */
  to: z.string().nullable(),
  error: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDeliverySchema>;

/** trading.md §3 "Recent alert": type, title, message, timestamp, channels. */
export const RecentAlertSchema = z.object({
  id: z.number(),
  type: z.enum(RAISED_ALERT_TYPES),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  channels: z.array(AlertDeliverySchema),
});
export type RecentAlert = z.infer<typeof RecentAlertSchema>;

export const RecentAlertsResponseSchema = z.object({
  success: z.literal(true),
  alerts: z.array(RecentAlertSchema),
});
export type RecentAlertsResponse = z.infer<typeof RecentAlertsResponseSchema>;
