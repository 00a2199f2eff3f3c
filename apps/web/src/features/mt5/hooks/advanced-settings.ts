import { z } from 'zod';
import { readLocal, writeLocal } from '../../../lib/storage';
import { mt5Texts } from '../messages';

const t = mt5Texts.advanced;

/** localStorage key of the advanced settings; device preferences, not account data. */
export const ADVANCED_SETTINGS_KEY = 'mt5_advanced_settings';

/** trading.md §3 (fields), §5 (ranges). Stored locally only: no API carries them. */
export const AdvancedSettingsSchema = z.object({
  timeout: z.coerce
    .number({ error: t.timeoutRange })
    .int({ error: t.timeoutRange })
    .min(5000, t.timeoutRange)
    .max(60000, t.timeoutRange),
  maxRetries: z.coerce
    .number({ error: t.retriesRange })
    .int({ error: t.retriesRange })
    .min(1, t.retriesRange)
    .max(10, t.retriesRange),
  enableLogging: z.boolean(),
  autoReconnect: z.boolean(),
});
export type AdvancedSettings = z.infer<typeof AdvancedSettingsSchema>;

/** trading.md §9. */
export const DEFAULT_ADVANCED_SETTINGS: AdvancedSettings = {
  timeout: 30000,
  maxRetries: 3,
  enableLogging: true,
  autoReconnect: true,
};

/** What is stored, or the defaults when nothing valid is (a hand-edited or older value). */
export function readAdvancedSettings(): AdvancedSettings {
  const raw = readLocal(ADVANCED_SETTINGS_KEY);
  if (!raw) return DEFAULT_ADVANCED_SETTINGS;
  try {
    const parsed = AdvancedSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_ADVANCED_SETTINGS;
  } catch {
    return DEFAULT_ADVANCED_SETTINGS;
  }
}

export function writeAdvancedSettings(settings: AdvancedSettings): void {
  writeLocal(ADVANCED_SETTINGS_KEY, JSON.stringify(settings));
}
