import { z } from 'zod';
import { TIMEFRAMES } from '../bridge/mt5-records.schema.js';
import { boolField, enumField, intField, section, steppedField, volumeField } from './fields.js';
import { botConfigMessages as m, botSectionLabels as sections } from './messages.js';
import { CURRENT_SERIES_SYMBOL } from './series.js';

/**
 * The bot configuration of trading.md §3, validated as §5 asks (max daily trades 1–100; volume
 * in steps of 0.01; reward ratio, ATR multiplier and standard deviation in steps of 0.1). The
 * other bounds are ours, wide enough for any sensible use and narrow enough that the bot never
 * gets a period of 0 or a million:
 */
export const BOT_LIMITS = {
  max_daily_trades: { min: 1, max: 100, step: 1 },
  // Contracts per order; the spec's 0.01 step, capped where a typo stops being a trade.
  volume: { min: 0.01, max: 100, step: 0.01 },
  // Magic = 135000 + offset stays a 6-digit number.
  magic_offset: { min: 0, max: 99_999, step: 1 },
  // Indicator periods, in bars.
  swing_lookback: { min: 2, max: 500, step: 1 },
  adx_period: { min: 2, max: 200, step: 1 },
  period: { min: 2, max: 200, step: 1 },
  ma_period: { min: 2, max: 200, step: 1 },
  atr_period: { min: 2, max: 200, step: 1 },
  rsi_period: { min: 2, max: 200, step: 1 },
  // In price points (WIN moves in steps of 5); 0 takes any swing.
  min_swing_range: { min: 0, max: 100_000, step: 1 },
  // ADX, DI and RSI live on a 0–100 scale.
  adx_threshold: { min: 0, max: 100, step: 1 },
  di_threshold: { min: 0, max: 100, step: 1 },
  oversold: { min: 1, max: 99, step: 1 },
  overbought: { min: 1, max: 99, step: 1 },
  reward_ratio: { min: 0.1, max: 10, step: 0.1 },
  atr_multiplier: { min: 0.1, max: 10, step: 0.1 },
  std_dev: { min: 0.1, max: 5, step: 0.1 },
  // Distance to the band as a fraction of the band's width.
  touch_threshold: { min: 0, max: 1, step: 0.01 },
  // Risk limits in reais, to the centavo; 0 turns the limit off.
  daily_loss_limit: { min: 0, max: 10_000_000, step: 0.01 },
  max_drawdown: { min: 0, max: 10_000_000, step: 0.01 },
} as const;

export type BotLimitKey = keyof typeof BOT_LIMITS;

const int = (key: BotLimitKey) => intField(key, BOT_LIMITS[key].min, BOT_LIMITS[key].max);
const stepped = (key: BotLimitKey) =>
  steppedField(key, BOT_LIMITS[key].min, BOT_LIMITS[key].max, BOT_LIMITS[key].step);

export const DI_TP_MODES = ['adaptive', 'fixed'] as const;
// Take profit at the far band, or back at the moving average in the middle of the channel.
export const ATR_TP_MODES = ['opposite_channel', 'middle_channel'] as const;
export const BOLLINGER_TP_TARGETS = ['middle', 'opposite'] as const;

const SYMBOL = /^[A-Z0-9][A-Z0-9._$-]{0,19}$/;

export const GeneralConfigSchema = section(sections.general, {
  symbol: z
    .string({ error: m.symbolRequired })
    .trim()
    .toUpperCase()
    .min(1, m.symbolRequired)
    .regex(SYMBOL, m.symbolInvalid),
  timeframe: enumField('timeframe', TIMEFRAMES),
  max_daily_trades: int('max_daily_trades'),
});

const common = {
  enabled: boolField('enabled'),
  volume: volumeField(BOT_LIMITS.volume.max),
  magic_offset: int('magic_offset'),
};

export const FibonacciConfigSchema = section(sections.fibonacci, {
  ...common,
  swing_lookback: int('swing_lookback'),
  min_swing_range: int('min_swing_range'),
  adx_threshold: int('adx_threshold'),
  di_threshold: int('di_threshold'),
});

export const DiCrossoverConfigSchema = section(sections.di_crossover, {
  ...common,
  adx_period: int('adx_period'),
  adx_threshold: int('adx_threshold'),
  di_threshold: int('di_threshold'),
  tp_mode: enumField('tp_mode', DI_TP_MODES),
});

export const AdvancedDiConfigSchema = section(sections.advanced_di, {
  ...common,
  adx_period: int('adx_period'),
  adx_threshold: int('adx_threshold'),
  di_threshold: int('di_threshold'),
  enable_breakeven: boolField('enable_breakeven'),
  enable_trailing: boolField('enable_trailing'),
});

export const TemaCrossoverConfigSchema = section(sections.tema_crossover, {
  ...common,
  period: int('period'),
  use_tema_stops: boolField('use_tema_stops'),
  reward_ratio: stepped('reward_ratio'),
});

export const AtrChannelConfigSchema = section(sections.atr_channel, {
  ...common,
  ma_period: int('ma_period'),
  atr_period: int('atr_period'),
  atr_multiplier: stepped('atr_multiplier'),
  tp_mode: enumField('tp_mode', ATR_TP_MODES),
});

export const RsiContraryConfigSchema = section(sections.rsi_contrary, {
  ...common,
  rsi_period: int('rsi_period'),
  oversold: int('oversold'),
  overbought: int('overbought'),
  use_atr_stops: boolField('use_atr_stops'),
}).refine((v) => v.oversold < v.overbought, {
  message: m.oversoldBelowOverbought,
  path: ['oversold'],
});

export const BollingerBandsConfigSchema = section(sections.bollinger_bands, {
  ...common,
  period: int('period'),
  std_dev: stepped('std_dev'),
  touch_threshold: stepped('touch_threshold'),
  tp_target: enumField('tp_target', BOLLINGER_TP_TARGETS),
});

/**
 * Risk limits (not in the spec: ours, as a trader expects them). When one is reached the bot
 * closes the positions it opened and stops. Both in reais; 0 is off.
 * - daily_loss_limit: today's (São Paulo day) closed result of the bot's magics plus the open
 *   result of its positions, as a loss.
 * - max_drawdown: the account's equity below its highest value since the bot started.
 */
export const RiskConfigSchema = section(sections.risk, {
  daily_loss_limit: stepped('daily_loss_limit'),
  max_drawdown: stepped('max_drawdown'),
});
export type RiskConfig = z.output<typeof RiskConfigSchema>;
export const DEFAULT_RISK_CONFIG: RiskConfig = { daily_loss_limit: 0, max_drawdown: 0 };

/** The seven strategies, in the spec's order, which is also the order of their magic offsets. */
export const STRATEGY_SCHEMAS = {
  fibonacci: FibonacciConfigSchema,
  di_crossover: DiCrossoverConfigSchema,
  advanced_di: AdvancedDiConfigSchema,
  tema_crossover: TemaCrossoverConfigSchema,
  atr_channel: AtrChannelConfigSchema,
  rsi_contrary: RsiContraryConfigSchema,
  bollinger_bands: BollingerBandsConfigSchema,
} as const;

export type StrategyKey = keyof typeof STRATEGY_SCHEMAS;
export const STRATEGY_KEYS = Object.keys(STRATEGY_SCHEMAS) as StrategyKey[];

export const MAGIC_BASE = 135_000;

/** The magic number the bot stamps on a strategy's orders. */
export function magicOf(key: StrategyKey, config: Pick<BotConfig, StrategyKey>): number {
  return MAGIC_BASE + config[key].magic_offset;
}

/** Strategies whose magic another strategy also uses, by magic; empty when all are unique. */
export function repeatedMagics(config: Pick<BotConfig, StrategyKey>): Map<number, StrategyKey[]> {
  const byMagic = new Map<number, StrategyKey[]>();
  for (const key of STRATEGY_KEYS) {
    const magic = magicOf(key, config);
    byMagic.set(magic, [...(byMagic.get(magic) ?? []), key]);
  }
  return new Map([...byMagic].filter(([, keys]) => keys.length > 1));
}

export const BotConfigSchema = section('Configuração', {
  general: GeneralConfigSchema,
  ...STRATEGY_SCHEMAS,
  // Optional: the spec's payload has no risk section, and a save without one keeps the stored
  // limits rather than turning them off.
  risk: RiskConfigSchema.optional(),
}).superRefine((config, ctx) => {
  for (const [magic, keys] of repeatedMagics(config)) {
    // Reported on every strategy but the first, so the form marks the ones to change.
    for (const key of keys.slice(1)) {
      ctx.addIssue({
        code: 'custom',
        path: [key, 'magic_offset'],
        message: m.magicRepeated(magic),
      });
    }
  }
});

export type BotConfig = z.output<typeof BotConfigSchema>;
export type BotConfigInput = z.input<typeof BotConfigSchema>;
export type GeneralConfig = BotConfig['general'];
export type StrategyConfig<K extends StrategyKey> = BotConfig[K];

/** trading.md §9, but the symbol follows the current WIN series (the spec's WINZ25 has expired). */
export const DEFAULT_BOT_CONFIG: BotConfig = {
  general: { symbol: CURRENT_SERIES_SYMBOL, timeframe: 'M1', max_daily_trades: 10 },
  fibonacci: {
    enabled: true,
    volume: 1,
    magic_offset: 0,
    swing_lookback: 20,
    min_swing_range: 200,
    adx_threshold: 20,
    di_threshold: 15,
  },
  di_crossover: {
    enabled: true,
    volume: 1,
    magic_offset: 1000,
    adx_period: 14,
    adx_threshold: 20,
    di_threshold: 15,
    tp_mode: 'adaptive',
  },
  advanced_di: {
    enabled: true,
    volume: 1,
    magic_offset: 2000,
    adx_period: 14,
    adx_threshold: 25,
    di_threshold: 20,
    enable_breakeven: true,
    enable_trailing: true,
  },
  tema_crossover: {
    enabled: true,
    volume: 1,
    magic_offset: 3000,
    period: 9,
    use_tema_stops: true,
    reward_ratio: 2,
  },
  atr_channel: {
    enabled: true,
    volume: 1,
    magic_offset: 4000,
    ma_period: 20,
    atr_period: 14,
    atr_multiplier: 2,
    tp_mode: 'opposite_channel',
  },
  rsi_contrary: {
    enabled: true,
    volume: 1,
    magic_offset: 5000,
    rsi_period: 14,
    oversold: 30,
    overbought: 70,
    use_atr_stops: true,
  },
  bollinger_bands: {
    enabled: true,
    volume: 1,
    magic_offset: 6000,
    period: 20,
    std_dev: 2,
    touch_threshold: 0.1,
    tp_target: 'middle',
  },
  risk: DEFAULT_RISK_CONFIG,
};

/** The configuration's risk limits, the defaults (off) when it has none. */
export const riskOf = (config: Pick<BotConfig, 'risk'>): RiskConfig =>
  config.risk ?? DEFAULT_RISK_CONFIG;

/** A fresh copy, so a caller can change it without touching the defaults. */
export const defaultBotConfig = (): BotConfig => cloneConfig(DEFAULT_BOT_CONFIG);

/** A deep copy of plain configuration data (JSON values only). */
export const cloneConfig = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
