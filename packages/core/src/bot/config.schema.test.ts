import { describe, expect, it } from 'vitest';
import {
  BotConfigSchema,
  DEFAULT_BOT_CONFIG,
  defaultBotConfig,
  magicOf,
  repeatedMagics,
  STRATEGY_KEYS,
  type BotConfig,
} from './config.schema.js';
import { isMultipleOf } from './fields.js';
import { readStoredBotConfig } from './stored-config.js';

/** The first message zod gives for a configuration with one change applied. */
function errorOf(change: (c: BotConfig) => void): { path: string; message: string } | undefined {
  const config = defaultBotConfig();
  change(config);
  const result = BotConfigSchema.safeParse(config);
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
}

describe('default bot configuration (trading.md §9)', () => {
  it('is valid and has the spec values', () => {
    expect(BotConfigSchema.parse(DEFAULT_BOT_CONFIG)).toEqual(DEFAULT_BOT_CONFIG);
    // The symbol departs from the spec (WINZ25, expired): the current series, resolved on use.
    expect(DEFAULT_BOT_CONFIG.general).toEqual({
      symbol: 'WIN$',
      timeframe: 'M1',
      max_daily_trades: 10,
    });
    expect(DEFAULT_BOT_CONFIG.advanced_di).toMatchObject({ adx_threshold: 25, di_threshold: 20 });
    expect(DEFAULT_BOT_CONFIG.di_crossover).toMatchObject({
      adx_period: 14,
      adx_threshold: 20,
      di_threshold: 15,
    });
    expect(DEFAULT_BOT_CONFIG.tema_crossover).toMatchObject({ period: 9, reward_ratio: 2 });
    expect(DEFAULT_BOT_CONFIG.atr_channel).toMatchObject({
      ma_period: 20,
      atr_period: 14,
      atr_multiplier: 2,
      tp_mode: 'opposite_channel',
    });
    expect(DEFAULT_BOT_CONFIG.rsi_contrary).toMatchObject({
      rsi_period: 14,
      oversold: 30,
      overbought: 70,
    });
    expect(DEFAULT_BOT_CONFIG.bollinger_bands).toMatchObject({
      period: 20,
      std_dev: 2,
      touch_threshold: 0.1,
    });
    expect(DEFAULT_BOT_CONFIG.fibonacci).toMatchObject({
      swing_lookback: 20,
      min_swing_range: 200,
    });
    for (const key of STRATEGY_KEYS) expect(DEFAULT_BOT_CONFIG[key].volume).toBe(1);
  });

  it('numbers the strategies 135000, 136000, … 141000 in the spec order', () => {
    expect(STRATEGY_KEYS.map((k) => magicOf(k, DEFAULT_BOT_CONFIG))).toEqual([
      135_000, 136_000, 137_000, 138_000, 139_000, 140_000, 141_000,
    ]);
    expect(STRATEGY_KEYS[0]).toBe('fibonacci');
    expect(STRATEGY_KEYS.at(-1)).toBe('bollinger_bands');
    expect(repeatedMagics(DEFAULT_BOT_CONFIG).size).toBe(0);
  });

  it('gives a copy that does not touch the defaults', () => {
    const copy = defaultBotConfig();
    copy.general.symbol = 'WDOF26';
    expect(DEFAULT_BOT_CONFIG.general.symbol).toBe('WIN$');
  });
});

describe('validation (trading.md §5) with pt-BR messages', () => {
  it('trims and uppercases the symbol', () => {
    const c = defaultBotConfig();
    c.general.symbol = '  winf26 ';
    expect(BotConfigSchema.parse(c).general.symbol).toBe('WINF26');
    expect(errorOf((x) => (x.general.symbol = '   '))?.message).toBe('Informe o símbolo.');
    expect(errorOf((x) => (x.general.symbol = 'WIN Z25'))?.message).toMatch(/Símbolo inválido/);
  });

  it('takes max daily trades from 1 to 100, whole', () => {
    for (const ok of [1, 100])
      expect(errorOf((x) => (x.general.max_daily_trades = ok))).toBe(undefined);
    expect(errorOf((x) => (x.general.max_daily_trades = 0))).toEqual({
      path: 'general.max_daily_trades',
      message: 'Máximo de trades por dia deve estar entre 1 e 100.',
    });
    expect(errorOf((x) => (x.general.max_daily_trades = 101))?.path).toBe(
      'general.max_daily_trades',
    );
    expect(errorOf((x) => (x.general.max_daily_trades = 2.5))?.message).toBe(
      'Máximo de trades por dia deve ser um número inteiro.',
    );
  });

  it('takes only the four timeframes', () => {
    expect(errorOf((x) => ((x.general as { timeframe: string }).timeframe = 'D1'))?.message).toBe(
      'Timeframe deve ser M1, M5, M15 ou H1.',
    );
  });

  it('takes volumes in steps of 0.01, above zero, despite floating-point error', () => {
    for (const ok of [0.01, 0.07, 0.29, 1.1, 2.35, 100])
      expect(
        errorOf((x) => (x.fibonacci.volume = ok)),
        String(ok),
      ).toBe(undefined);
    expect(errorOf((x) => (x.fibonacci.volume = 0.015))?.message).toBe(
      'Volume (contratos) deve ser múltiplo de 0,01.',
    );
    expect(errorOf((x) => (x.fibonacci.volume = 0))?.message).toBe(
      'Volume (contratos) deve ser maior que 0 e no máximo 100.',
    );
    expect(errorOf((x) => (x.fibonacci.volume = -1))?.path).toBe('fibonacci.volume');
  });

  it('takes reward ratio, ATR multiplier and deviation in steps of 0.1', () => {
    for (const ok of [0.3, 0.7, 1.1, 2.9])
      expect(
        errorOf((x) => (x.tema_crossover.reward_ratio = ok)),
        String(ok),
      ).toBe(undefined);
    expect(errorOf((x) => (x.tema_crossover.reward_ratio = 1.25))?.message).toBe(
      'Relação risco/retorno deve ser múltiplo de 0,1.',
    );
    expect(errorOf((x) => (x.atr_channel.atr_multiplier = 2.05))?.path).toBe(
      'atr_channel.atr_multiplier',
    );
    expect(errorOf((x) => (x.bollinger_bands.std_dev = 2.33))?.path).toBe(
      'bollinger_bands.std_dev',
    );
    expect(errorOf((x) => (x.bollinger_bands.std_dev = 0))?.message).toBe(
      'Desvio padrão deve estar entre 0,1 e 5.',
    );
  });

  it('keeps periods and thresholds in range', () => {
    expect(errorOf((x) => (x.di_crossover.adx_period = 1))?.message).toBe(
      'Período do ADX deve estar entre 2 e 200.',
    );
    expect(errorOf((x) => (x.advanced_di.adx_threshold = 101))?.path).toBe(
      'advanced_di.adx_threshold',
    );
    expect(errorOf((x) => (x.fibonacci.swing_lookback = 0))?.path).toBe('fibonacci.swing_lookback');
    expect(errorOf((x) => (x.bollinger_bands.touch_threshold = 1.5))?.path).toBe(
      'bollinger_bands.touch_threshold',
    );
  });

  it('wants oversold below overbought', () => {
    expect(
      errorOf((x) => {
        x.rsi_contrary.oversold = 70;
        x.rsi_contrary.overbought = 30;
      }),
    ).toEqual({
      path: 'rsi_contrary.oversold',
      message: 'Sobrevendido deve ser menor que sobrecomprado.',
    });
  });

  it('refuses two strategies with the same magic', () => {
    expect(errorOf((x) => (x.bollinger_bands.magic_offset = 0))).toEqual({
      path: 'bollinger_bands.magic_offset',
      message: 'Magic 135000 repetido: cada estratégia precisa de um magic próprio.',
    });
  });

  it('refuses wrong types, missing sections and unknown fields in pt-BR', () => {
    expect(errorOf((x) => ((x.advanced_di as { enabled: unknown }).enabled = 'sim'))?.message).toBe(
      'Ativa deve ser verdadeiro ou falso.',
    );
    expect(errorOf((x) => ((x.fibonacci as { volume: unknown }).volume = '1'))?.message).toBe(
      'Volume (contratos) deve ser um número.',
    );
    expect(errorOf((x) => delete (x as Partial<BotConfig>).rsi_contrary)?.message).toBe(
      'RSI Contrário: informe os parâmetros completos.',
    );
    expect(errorOf((x) => ((x.general as Record<string, unknown>).extra = 1))?.message).toBe(
      'Configurações gerais (extra): campo desconhecido.',
    );
    expect(BotConfigSchema.safeParse(null).error?.issues[0]?.message).toBe(
      'Configuração: informe os parâmetros completos.',
    );
  });
});

describe('risk limits in the configuration', () => {
  it('are off by default and optional in a save (the spec’s payload has none)', () => {
    expect(DEFAULT_BOT_CONFIG.risk).toEqual({ daily_loss_limit: 0, max_drawdown: 0 });
    const { risk: _none, ...specPayload } = defaultBotConfig();
    expect(BotConfigSchema.parse(specPayload)).not.toHaveProperty('risk');
  });

  it('take reais to the centavo, from 0, with pt-BR messages', () => {
    expect(errorOf((x) => (x.risk = { daily_loss_limit: 750.5, max_drawdown: 1200 }))).toBe(
      undefined,
    );
    expect(errorOf((x) => (x.risk = { daily_loss_limit: -1, max_drawdown: 0 }))).toEqual({
      path: 'risk.daily_loss_limit',
      message: 'Perda máxima diária (R$) deve estar entre 0 e 10000000.',
    });
    expect(errorOf((x) => (x.risk = { daily_loss_limit: 0, max_drawdown: 10.001 }))).toEqual({
      path: 'risk.max_drawdown',
      message: 'Rebaixamento máximo (R$) deve ser múltiplo de 0,01.',
    });
    expect(
      errorOf((x) => ((x as Record<string, unknown>).risk = { daily_loss_limit: 1 }))?.message,
    ).toBe('Rebaixamento máximo (R$) deve ser um número.');
  });
});

describe('a stored configuration read as today’s shape', () => {
  it('fills fields and sections added later with their defaults', () => {
    const old = {
      general: { symbol: 'WINF26', timeframe: 'M5' },
      fibonacci: { enabled: false, volume: 2, magic_offset: 0, swing_lookback: 30 },
    };
    const read = readStoredBotConfig(old);
    expect(read.general).toEqual({ symbol: 'WINF26', timeframe: 'M5', max_daily_trades: 10 });
    expect(read.fibonacci).toEqual({
      ...DEFAULT_BOT_CONFIG.fibonacci,
      enabled: false,
      volume: 2,
      swing_lookback: 30,
    });
    expect(read.bollinger_bands).toEqual(DEFAULT_BOT_CONFIG.bollinger_bands);
    expect(read.risk).toEqual(DEFAULT_BOT_CONFIG.risk);
    expect(readStoredBotConfig({ risk: { daily_loss_limit: 300 } }).risk).toEqual({
      daily_loss_limit: 300,
      max_drawdown: 0,
    });
  });

  it('drops unknown fields and replaces fields no longer valid', () => {
    const read = readStoredBotConfig({
      general: { symbol: 'WINZ25', timeframe: 'D1', max_daily_trades: 500, legacy: true },
      gone_strategy: { enabled: true },
    });
    // A fixed symbol stored by an older version stays fixed.
    expect(read.general).toEqual({ ...DEFAULT_BOT_CONFIG.general, symbol: 'WINZ25' });
    expect(read).not.toHaveProperty('gone_strategy');
  });

  it('falls back to defaults for a broken section rule and for colliding magics', () => {
    const read = readStoredBotConfig({
      rsi_contrary: { oversold: 80, overbought: 20 },
      tema_crossover: { magic_offset: 0 },
    });
    expect(read.rsi_contrary).toEqual(DEFAULT_BOT_CONFIG.rsi_contrary);
    expect(STRATEGY_KEYS.map((k) => read[k].magic_offset)).toEqual([
      0, 1000, 2000, 3000, 4000, 5000, 6000,
    ]);
  });

  it('answers the defaults for anything that is not a configuration', () => {
    for (const junk of [null, 'x', 42, [], {}])
      expect(readStoredBotConfig(junk)).toEqual(DEFAULT_BOT_CONFIG);
  });
});

describe('isMultipleOf', () => {
  it('tolerates binary floating point', () => {
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0.07, 0.01)).toBe(true);
    expect(isMultipleOf(1.15, 0.1)).toBe(false);
  });
});
