import { advancedDi } from './advanced-di.js';
import { atrChannel } from './atr-channel.js';
import { bollingerBands } from './bollinger-bands.js';
import { diCrossover } from './di-crossover.js';
import { fibonacci } from './fibonacci.js';
import { rsiContrary } from './rsi-contrary.js';
import { magicOf, STRATEGY_KEYS, type BotConfig, type StrategyKey } from '../bot/config.schema.js';
import type { BarLike, Instrument, Signal, Strategy } from './signal.js';
import { temaCrossover } from './tema-crossover.js';

/** The seven strategies by their configuration key (trading.md §3), in the spec's order. */
export const STRATEGIES = {
  fibonacci,
  di_crossover: diCrossover,
  advanced_di: advancedDi,
  tema_crossover: temaCrossover,
  atr_channel: atrChannel,
  rsi_contrary: rsiContrary,
  bollinger_bands: bollingerBands,
} as const;

export type StrategyName = keyof typeof STRATEGIES;

/** Params of a strategy, as its configuration section carries them (extra fields ignored). */
export type ParamsOf<K extends StrategyName> =
  (typeof STRATEGIES)[K] extends Strategy<infer P, unknown> ? P : never;

/** A signal and the index of the bar whose close produced it. */
export interface SignalAt extends Signal {
  index: number;
  time: number;
}

/** Runs one strategy over bars in order: every signal it gives, with its bar. */
export function signalsOver<P, S>(
  strategy: Strategy<P, S>,
  params: P,
  bars: readonly BarLike[],
  instrument: Instrument,
): SignalAt[] {
  const state = strategy.init(params, instrument);
  const out: SignalAt[] = [];
  bars.forEach((bar, index) => {
    const signal = strategy.next(state, bar);
    if (signal) out.push({ ...signal, index, time: bar.time });
  });
  return out;
}

/** One enabled strategy of a configuration, ready to step: its fresh state, magic and volume. */
export interface StrategyLane {
  key: StrategyKey;
  strategy: Strategy<unknown, unknown>;
  state: unknown;
  magic: number;
  volume: number;
}

/** The configuration's enabled strategies, in the spec's order: what the bot and a backtest run. */
export function enabledStrategies(config: BotConfig, instrument: Instrument): StrategyLane[] {
  return STRATEGY_KEYS.filter((key) => config[key].enabled).map((key) => {
    const strategy = STRATEGIES[key] as Strategy<unknown, unknown>;
    return {
      key,
      strategy,
      state: strategy.init(config[key], instrument),
      magic: magicOf(key, config),
      volume: config[key].volume,
    };
  });
}
