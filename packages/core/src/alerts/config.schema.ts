import { z } from 'zod';
import { alertsMessages as m } from './messages.js';

export const ALERT_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The configurable alert types of trading.md §3, with their names as the screen shows them. */
export const ALERT_TYPES = [
  'trade_open',
  'trade_close',
  'mt5_error',
  'connection_error',
  'statistics',
  'promotions',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const alertTypeNames: Record<AlertType, string> = {
  trade_open: 'Abertura de Trade',
  trade_close: 'Fechamento de Trade',
  mt5_error: 'Erro no MT5',
  connection_error: 'Perda de Conexão',
  statistics: 'Relatório de Estatísticas',
  promotions: 'Promoções e Novidades',
};

/**
 * What raises alerts: the configurable types, plus two that always alert on the enabled
 * channels: the bot's risk stop, and the DARF reminder (switched in the tax settings instead).
 */
export const RAISED_ALERT_TYPES = [...ALERT_TYPES, 'bot_risk_stop', 'darf_reminder'] as const;
export type RaisedAlertType = (typeof RAISED_ALERT_TYPES)[number];

/** Whether the alerts configuration has a switch for this type. */
export const isConfigurableAlertType = (type: RaisedAlertType): type is AlertType =>
  (ALERT_TYPES as readonly string[]).includes(type);

export const ALERT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

// Empty means "the one in my account"; otherwise what the registration form accepts.
const email = z
  .string({ error: m.emailInvalid })
  .trim()
  .max(254, m.emailInvalid)
  .refine((v) => v === '' || z.email().safeParse(v).success, m.emailInvalid);
const phone = z
  .string({ error: m.phoneInvalid })
  .trim()
  .refine((v) => v === '' || /^\+?[\d\s().-]{8,20}$/.test(v), m.phoneInvalid);
const frequency = z.enum(ALERT_FREQUENCIES, { error: m.frequencyInvalid });
const flag = z.boolean({ error: m.configInvalid });
// The name is ours to give; a client's copy is accepted and replaced by the canonical one.
const typeEntry = z.strictObject(
  {
    enabled: flag,
    name: z.string({ error: m.configInvalid }).max(100, m.configInvalid).optional(),
  },
  { error: m.configInvalid },
);

/** trading.md §3 "Alerts config", sent whole by POST /api/alerts/config. */
export const AlertsConfigSchema = z.strictObject(
  {
    phone,
    whatsapp: phone,
    email,
    channels: z.strictObject(
      { sms: flag, whatsapp: flag, email: flag },
      { error: m.configInvalid },
    ),
    alertTypes: z.strictObject(
      Object.fromEntries(ALERT_TYPES.map((t) => [t, typeEntry])) as Record<
        AlertType,
        typeof typeEntry
      >,
      { error: m.configInvalid },
    ),
    soundEnabled: flag,
    statisticsFrequency: frequency,
    promotionsFrequency: frequency,
  },
  { error: m.configInvalid },
);
export type AlertsConfigInput = z.infer<typeof AlertsConfigSchema>;
/** A config as the server answers it: every type carries its name. */
export type AlertsConfig = Omit<AlertsConfigInput, 'alertTypes'> & {
  alertTypes: Record<AlertType, { enabled: boolean; name: string }>;
};

/** trading.md §9: all channels and types on, sound on, statistics daily, promotions weekly. */
export function defaultAlertsConfig(): AlertsConfig {
  return {
    phone: '',
    whatsapp: '',
    email: '',
    channels: { sms: true, whatsapp: true, email: true },
    alertTypes: Object.fromEntries(
      ALERT_TYPES.map((t) => [t, { enabled: true, name: alertTypeNames[t] }]),
    ) as AlertsConfig['alertTypes'],
    soundEnabled: true,
    statisticsFrequency: 'daily',
    promotionsFrequency: 'weekly',
  };
}

/** A validated input with the canonical names. */
export function canonicalAlertsConfig(input: AlertsConfigInput): AlertsConfig {
  return {
    ...input,
    alertTypes: Object.fromEntries(
      ALERT_TYPES.map((t) => [
        t,
        { enabled: input.alertTypes[t].enabled, name: alertTypeNames[t] },
      ]),
    ) as AlertsConfig['alertTypes'],
  };
}

/** A stored row read leniently: anything missing or no longer valid takes its default. */
export function readStoredAlertsConfig(stored: unknown): AlertsConfig {
  const parsed = AlertsConfigSchema.safeParse(stored);
  return parsed.success ? canonicalAlertsConfig(parsed.data) : defaultAlertsConfig();
}
