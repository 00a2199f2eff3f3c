import {
  botOptionLabels,
  riskOf,
  STRATEGY_KEYS,
  type BotConfig,
  type BotFieldKey,
  type StrategyKey,
} from '@vortex/core';

export type FieldSpec =
  | { key: BotFieldKey; kind: 'number' }
  | { key: BotFieldKey; kind: 'switch' }
  | { key: BotFieldKey; kind: 'select'; options: Readonly<Record<string, string>> }
  | { key: BotFieldKey; kind: 'text' };

const num = (key: BotFieldKey): FieldSpec => ({ key, kind: 'number' });
const sw = (key: BotFieldKey): FieldSpec => ({ key, kind: 'switch' });

export const GENERAL_FIELDS: FieldSpec[] = [
  { key: 'symbol', kind: 'text' },
  { key: 'timeframe', kind: 'select', options: botOptionLabels.timeframe },
  num('max_daily_trades'),
];

/** In reais; 0 turns a limit off. */
export const RISK_FIELDS: FieldSpec[] = [num('daily_loss_limit'), num('max_drawdown')];

/** Every strategy starts with volume and magic offset; `enabled` is the card's own toggle. */
const COMMON = [num('volume'), num('magic_offset')];

/** The parameters of each strategy card, in the order trading.md §3 lists them. */
export const STRATEGY_FIELDS: Record<StrategyKey, FieldSpec[]> = {
  fibonacci: [
    ...COMMON,
    num('swing_lookback'),
    num('min_swing_range'),
    num('adx_threshold'),
    num('di_threshold'),
  ],
  di_crossover: [
    ...COMMON,
    num('adx_period'),
    num('adx_threshold'),
    num('di_threshold'),
    { key: 'tp_mode', kind: 'select', options: botOptionLabels.di_tp_mode },
  ],
  advanced_di: [
    ...COMMON,
    num('adx_period'),
    num('adx_threshold'),
    num('di_threshold'),
    sw('enable_breakeven'),
    sw('enable_trailing'),
  ],
  tema_crossover: [...COMMON, num('period'), num('reward_ratio'), sw('use_tema_stops')],
  atr_channel: [
    ...COMMON,
    num('ma_period'),
    num('atr_period'),
    num('atr_multiplier'),
    { key: 'tp_mode', kind: 'select', options: botOptionLabels.atr_tp_mode },
  ],
  rsi_contrary: [
    ...COMMON,
    num('rsi_period'),
    num('oversold'),
    num('overbought'),
    sw('use_atr_stops'),
  ],
  bollinger_bands: [
    ...COMMON,
    num('period'),
    num('std_dev'),
    num('touch_threshold'),
    { key: 'tp_target', kind: 'select', options: botOptionLabels.tp_target },
  ],
};

export type SectionKey = 'general' | 'risk' | StrategyKey;
export const SECTION_KEYS: SectionKey[] = ['general', 'risk', ...STRATEGY_KEYS];

/** A section's values; the risk limits are optional in the contract (off when absent). */
const sectionOf = (config: BotConfig, section: SectionKey): Record<string, unknown> =>
  section === 'risk' ? riskOf(config) : config[section];

/** What the form holds: numbers as typed (strings), so '0,' or '' can be on screen mid-edit. */
export type Draft = Record<SectionKey, Record<string, string | boolean>>;

export function toDraft(config: BotConfig): Draft {
  const draft = {} as Draft;
  for (const section of SECTION_KEYS) {
    draft[section] = Object.fromEntries(
      Object.entries(sectionOf(config, section) as Record<string, string | number | boolean>).map(
        ([k, v]) => [k, typeof v === 'number' ? String(v) : v],
      ),
    );
  }
  return draft;
}

/** The draft in the contract's shape; the schema then judges it. `reference` says which are numbers. */
export function fromDraft(draft: Draft, reference: BotConfig): unknown {
  const out: Record<string, Record<string, unknown>> = {};
  for (const section of SECTION_KEYS) {
    const ref = sectionOf(reference, section);
    out[section] = Object.fromEntries(
      Object.entries(draft[section]).map(([k, v]): [string, unknown] => {
        if (typeof ref[k] !== 'number' || typeof v !== 'string') return [k, v];
        const text = v.trim().replace(',', '.');
        return [k, text === '' ? Number.NaN : Number(text)];
      }),
    );
  }
  return out;
}
