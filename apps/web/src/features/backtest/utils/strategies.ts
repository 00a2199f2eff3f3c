import {
  botSectionLabels,
  magicOf,
  STRATEGY_KEYS,
  type BotConfig,
  type ClosedPositionRecord,
  type StrategyKey,
} from '@vortex/core';

export const strategyLabel = (key: StrategyKey) => botSectionLabels[key];

export const enabledStrategies = (config: BotConfig) =>
  STRATEGY_KEYS.filter((key) => config[key].enabled);

/** Magic number (135000 + magic_offset) -> strategy, as the configuration run stamps them. */
export function strategyByMagic(config: BotConfig): Map<number, StrategyKey> {
  return new Map(STRATEGY_KEYS.map((key) => [magicOf(key, config), key]));
}

export interface StrategyRow {
  magic: number;
  label: string;
  trades: number;
  wins: number;
  net: number;
}

/** Closed trades grouped by strategy, in the strategies' order; magics not in the config last. */
export function tradesByStrategy(
  trades: readonly ClosedPositionRecord[],
  config: BotConfig,
  unknown: (magic: number) => string,
): StrategyRow[] {
  const names = strategyByMagic(config);
  const rows = new Map<number, StrategyRow>();
  for (const trade of trades) {
    const key = names.get(trade.magic);
    const row = rows.get(trade.magic) ?? {
      magic: trade.magic,
      label: key ? strategyLabel(key) : unknown(trade.magic),
      trades: 0,
      wins: 0,
      net: 0,
    };
    row.trades += 1;
    if (trade.net_profit > 0) row.wins += 1;
    row.net += trade.net_profit;
    rows.set(trade.magic, row);
  }
  return [...rows.values()].sort((a, b) => a.magic - b.magic);
}

/** Configuration B: A with the few fields the screen lets the trader change. */
export interface ConfigTweaks {
  timeframe: BotConfig['general']['timeframe'];
  max_daily_trades: number;
  enabled: Record<StrategyKey, boolean>;
}

export function tweaksOf(config: BotConfig): ConfigTweaks {
  return {
    timeframe: config.general.timeframe,
    max_daily_trades: config.general.max_daily_trades,
    enabled: Object.fromEntries(STRATEGY_KEYS.map((k) => [k, config[k].enabled])) as Record<
      StrategyKey,
      boolean
    >,
  };
}

export function applyTweaks(config: BotConfig, tweaks: ConfigTweaks): BotConfig {
  const next = structuredClone(config);
  next.general.timeframe = tweaks.timeframe;
  next.general.max_daily_trades = tweaks.max_daily_trades;
  for (const key of STRATEGY_KEYS) next[key].enabled = tweaks.enabled[key];
  return next;
}
