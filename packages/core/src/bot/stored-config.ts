import type { z } from 'zod';
import {
  BotConfigSchema,
  cloneConfig,
  DEFAULT_BOT_CONFIG,
  DEFAULT_RISK_CONFIG,
  GeneralConfigSchema,
  repeatedMagics,
  RiskConfigSchema,
  STRATEGY_KEYS,
  STRATEGY_SCHEMAS,
  type BotConfig,
} from './config.schema.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Section = z.ZodType & { shape?: Record<string, z.ZodType> };

/** The schema's own object, under a `.refine()` wrapper when there is one. */
function shapeOf(schema: Section): Record<string, z.ZodType> {
  const inner = schema as unknown as { shape?: Record<string, z.ZodType>; def?: { in?: Section } };
  return inner.shape ?? inner.def?.in?.shape ?? {};
}

/**
 * One stored section over its defaults, field by field: a field missing (added after the row
 * was written) or no longer valid (bounds tightened) takes its default, unknown fields are
 * dropped. If the fields together still break a rule of the section, the section is the default.
 */
function mergeSection<T>(schema: Section, defaults: T, stored: unknown): T {
  if (!isRecord(stored)) return cloneConfig(defaults);
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  const whole = schema.safeParse(merged);
  return whole.success ? (whole.data as T) : cloneConfig(defaults);
}

/**
 * A configuration as stored (possibly by an older version) read as today's shape: it never
 * fails, and what it answers always passes `BotConfigSchema`.
 */
export function readStoredBotConfig(stored: unknown): BotConfig {
  const raw = isRecord(stored) ? stored : {};
  const config = {
    general: mergeSection(GeneralConfigSchema, DEFAULT_BOT_CONFIG.general, raw.general),
  } as BotConfig;
  for (const key of STRATEGY_KEYS) {
    (config as Record<string, unknown>)[key] = mergeSection(
      STRATEGY_SCHEMAS[key],
      DEFAULT_BOT_CONFIG[key],
      raw[key],
    );
  }
  config.risk = mergeSection(RiskConfigSchema, DEFAULT_RISK_CONFIG, raw.risk);
  // Offsets kept from one version and defaulted in another may collide: then all are defaults.
  if (repeatedMagics(config).size > 0) {
    for (const key of STRATEGY_KEYS)
      config[key].magic_offset = DEFAULT_BOT_CONFIG[key].magic_offset;
  }
  return BotConfigSchema.parse(config);
}
