import { describe, expect, it } from 'vitest';
import { signalsOver, STRATEGIES } from './registry.js';
import { WIN_INSTRUMENT, type BarLike, type Strategy } from './signal.js';
import { DEFAULT_BOT_CONFIG } from '../bot/config.schema.js';
import { randomBars } from '../indicators/random-bars.fixture.js';
import type { AdvancedDiParams } from './advanced-di.js';
import type { AtrChannelParams } from './atr-channel.js';
import type { BollingerBandsParams } from './bollinger-bands.js';
import type { DiCrossoverParams } from './di-crossover.js';
import type { FibonacciParams } from './fibonacci.js';
import type { RsiContraryParams } from './rsi-contrary.js';
import type { TemaCrossoverParams } from './tema-crossover.js';
import { barsFromCloses, chop, path } from './test-bars.fixture.js';

/** The element at `i`, which the test expects to be there. */
function at<T>(list: ArrayLike<T>, i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`nada na posição ${i}`);
  return value;
}

/** A value the test expects to be defined. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('valor ausente');
  return value;
}

// The spec's defaults (trading.md §9).
const di = { adx_period: 14, adx_threshold: 20, di_threshold: 15, tp_mode: 'fixed' as const };
const adv = {
  adx_period: 14,
  adx_threshold: 25,
  di_threshold: 20,
  enable_breakeven: true,
  enable_trailing: true,
};

/** Every signal of the strategy `key` over `bars` (params as its configuration holds them). */
const run = (key: keyof typeof STRATEGIES, params: unknown, bars: BarLike[]) =>
  signalsOver(STRATEGIES[key] as Strategy<unknown, unknown>, params, bars, WIN_INSTRUMENT);

const sideways = barsFromCloses(chop(120_000, 15, 300), 10);

describe('di_crossover', () => {
  // A slide, then a strong rally: +DI takes over from −DI while the trend is strong.
  const turn = barsFromCloses(path(120_000, { step: -20, n: 60 }, { step: 60, n: 40 }));

  it('buys when +DI crosses above −DI with ADX over its threshold', () => {
    const buys = run('di_crossover', di, turn).filter((s) => s.side === 'BUY');
    expect(buys.length).toBeGreaterThan(0);
    const first = at(buys, 0);
    expect(first.index).toBeGreaterThanOrEqual(60);
    expect(first.stopLoss).toBeLessThan(first.entry);
    // 2R, give or take the tick both prices are rounded to.
    const twoR = 2 * (first.entry - first.stopLoss);
    expect(Math.abs(first.takeProfit - first.entry - twoR)).toBeLessThanOrEqual(10);
  });

  it('does not trade a market going nowhere, nor below its ADX threshold', () => {
    expect(run('di_crossover', di, sideways)).toEqual([]);
    expect(run('di_crossover', { ...di, adx_threshold: 100 }, turn)).toEqual([]);
  });

  it('aims further in a strong trend when the target is adaptive', () => {
    const [fixed] = run('di_crossover', di, turn).filter((s) => s.side === 'BUY');
    const [adaptive] = run('di_crossover', { ...di, tp_mode: 'adaptive' }, turn).filter(
      (s) => s.side === 'BUY',
    );
    expect(must(adaptive).index).toBe(must(fixed).index);
    expect(must(adaptive).takeProfit).not.toBe(must(fixed).takeProfit);
  });

  it('sells on the mirror', () => {
    const mirror = barsFromCloses(path(120_000, { step: 20, n: 60 }, { step: -60, n: 40 }));
    const sells = run('di_crossover', di, mirror).filter((s) => s.side === 'SELL');
    expect(at(sells, 0).index).toBeGreaterThanOrEqual(60);
    expect(at(sells, 0).stopLoss).toBeGreaterThan(at(sells, 0).entry);
  });
});

describe('advanced_di', () => {
  const turn = barsFromCloses(path(120_000, { step: -20, n: 60 }, { step: 80, n: 40 }));

  it('buys a crossover once the ADX, over 25, turns up again', () => {
    const signals = run('advanced_di', adv, turn).filter((s) => s.index >= 60);
    expect(signals).toHaveLength(1);
    expect(at(signals, 0).side).toBe('BUY');
    // +DI crosses at bar 63 while the ADX still falls (97 -> 69): it confirms later.
    expect(at(signals, 0).index).toBeGreaterThan(63);
    expect(at(signals, 0).index).toBeLessThanOrEqual(63 + 15);
  });

  it('stays out of a sideways market and of a weak trend', () => {
    expect(run('advanced_di', adv, sideways)).toEqual([]);
    const weak = barsFromCloses(path(120_000, { step: -5, n: 60 }, { step: 5, n: 40 }), 40);
    expect(run('advanced_di', adv, weak)).toEqual([]);
  });
});

describe('tema_crossover', () => {
  const params = { period: 9, use_tema_stops: false, reward_ratio: 2 };
  const vee = barsFromCloses(path(120_000, { step: -30, n: 80 }, { step: 30, n: 30 }));

  it('buys when the fast TEMA crosses above the slow one, with the reward ratio as target', () => {
    const buys = run('tema_crossover', params, vee).filter((s) => s.side === 'BUY');
    expect(buys).toHaveLength(1);
    expect(at(buys, 0).index).toBeGreaterThanOrEqual(80);
    const b = at(buys, 0);
    expect((b.takeProfit - b.entry) / (b.entry - b.stopLoss)).toBeCloseTo(2, 1);
  });

  it('puts the stop beyond the slow TEMA line when asked', () => {
    const [atr] = run('tema_crossover', params, vee).filter((s) => s.side === 'BUY');
    const [line] = run('tema_crossover', { ...params, use_tema_stops: true }, vee).filter(
      (s) => s.side === 'BUY',
    );
    expect(must(line).index).toBe(must(atr).index);
    expect(must(line).stopLoss).not.toBe(must(atr).stopLoss);
  });

  it('does not trade a steady trend with no crossing', () => {
    const rally = barsFromCloses(path(120_000, { step: 30, n: 120 }));
    expect(run('tema_crossover', params, rally).filter((s) => s.index > 30)).toEqual([]);
  });
});

describe('atr_channel', () => {
  const params = { ma_period: 20, atr_period: 14, atr_multiplier: 2, tp_mode: 'opposite_channel' };
  // Quiet, then a flush far below the channel, then a close back inside it.
  const flush = barsFromCloses([...chop(120_000, 10, 40), 119_700, 119_900, 119_950]);

  it('buys the close back inside the channel, aiming at the opposite line', () => {
    const signals = run('atr_channel', params, flush);
    expect(signals).toHaveLength(1);
    const [buy] = signals;
    expect(buy).toMatchObject({ side: 'BUY', index: 41 });
    const middle = at(run('atr_channel', { ...params, tp_mode: 'middle_channel' }, flush), 0);
    expect(middle.takeProfit).toBeLessThan(must(buy).takeProfit);
  });

  it('does not trade inside the channel', () => {
    expect(run('atr_channel', params, sideways)).toEqual([]);
  });
});

describe('rsi_contrary', () => {
  const params = { rsi_period: 14, oversold: 30, overbought: 70, use_atr_stops: true };
  const dip = barsFromCloses(
    path(120_000, { step: 0, n: 20 }, { step: -25, n: 25 }, { step: 40, n: 5 }),
  );

  it('buys when the RSI climbs back above oversold', () => {
    const signals = run('rsi_contrary', params, dip);
    expect(signals[0]).toMatchObject({ side: 'BUY' });
    expect(at(signals, 0).index).toBeGreaterThanOrEqual(45);
  });

  it('uses the lowest low of the period as stop without ATR stops', () => {
    const [swing] = run('rsi_contrary', { ...params, use_atr_stops: false }, dip);
    const lows = dip.slice(must(swing).index - 13, must(swing).index + 1).map((b) => b.low);
    expect(must(swing).stopLoss).toBe(Math.min(...lows) - 5);
  });

  it('does not trade while the RSI stays between its bounds', () => {
    expect(run('rsi_contrary', params, sideways)).toEqual([]);
  });
});

describe('bollinger_bands', () => {
  const params = { period: 20, std_dev: 2, touch_threshold: 0.1, tp_target: 'middle' };

  it('buys a rejection of the lower band, aiming at the middle or the far band', () => {
    const closes = chop(120_000, 20, 30);
    const bars = barsFromCloses(closes, 5);
    // A bar that dips through the lower band and closes back up.
    const last = at(bars, bars.length - 1);
    bars.push({ time: last.time + 60, open: 119_950, high: 119_985, low: 119_900, close: 119_975 });
    const [buy] = run('bollinger_bands', params, bars);
    expect(buy).toMatchObject({ side: 'BUY', index: 30, entry: 119_975 });
    expect(must(buy).stopLoss).toBeLessThan(119_900);
    const [far] = run('bollinger_bands', { ...params, tp_target: 'opposite' }, bars);
    expect(must(far).takeProfit).toBeGreaterThan(must(buy).takeProfit);
  });

  it('does not buy a bar that closes below the band', () => {
    const bars = barsFromCloses(chop(120_000, 20, 30), 5);
    const last = at(bars, bars.length - 1);
    bars.push({ time: last.time + 60, open: 120_000, high: 120_010, low: 119_850, close: 119_860 });
    expect(run('bollinger_bands', params, bars)).toEqual([]);
  });
});

describe('fibonacci', () => {
  const params = { swing_lookback: 5, min_swing_range: 200, adx_threshold: 20, di_threshold: 15 };

  /** Bars from [low, high, close] triples, each opening at the previous close. */
  const bars = (triples: [number, number, number][]) =>
    triples.map(([low, high, close], i) => ({
      time: 1_763_550_000 + 60 * i,
      open: i === 0 ? close : at(triples, i - 1)[2],
      high,
      low,
      close,
    }));
  // Down to a swing low of 119,800 (bar 9), a rally to a swing high of 121,000 (bar 29), a
  // pull-back of 8 bars, then a bar that dips to 120,350 (between 50 % at 120,400 and 78.6 % at
  // 120,057) and closes up at 120,500.
  const history: [number, number, number][] = [
    ...Array.from(
      { length: 10 },
      (_, i) =>
        [120_200 - 40 * i - 20, 120_200 - 40 * i + 20, 120_200 - 40 * i] as [
          number,
          number,
          number,
        ],
    ),
    ...Array.from(
      { length: 20 },
      (_, i) =>
        [119_850 + 60 * i, 119_850 + 60 * i + 40, 119_850 + 60 * i + 30] as [
          number,
          number,
          number,
        ],
    ),
    ...Array.from(
      { length: 8 },
      (_, i) =>
        [120_900 - 50 * i - 30, 120_900 - 50 * i + 10, 120_900 - 50 * i - 20] as [
          number,
          number,
          number,
        ],
    ),
  ];
  history[9] = [119_800, 119_860, 119_840];
  history[29] = [120_950, 121_000, 120_980];
  const dip: [number, number, number] = [120_350, 120_580, 120_560];

  it('buys the bounce from the golden zone of an up leg, aiming at the swing high', () => {
    const signals = run('fibonacci', params, bars([...history, dip]));
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({ side: 'BUY', index: 38, takeProfit: 121_000 });
    // A tick below 78.6 % of the leg.
    expect(at(signals, 0).stopLoss).toBe(Math.round((121_000 - 0.786 * 1_200 - 5) / 5) * 5);
  });

  it('does not trade a leg shorter than min_swing_range, or a dip that breaks 78.6 %', () => {
    expect(
      run('fibonacci', { ...params, min_swing_range: 5_000 }, bars([...history, dip])),
    ).toEqual([]);
    const broken: [number, number, number] = [119_950, 120_580, 120_560];
    expect(run('fibonacci', params, bars([...history, broken]))).toEqual([]);
  });
});

describe('every strategy', () => {
  it('trades on the spec defaults, stops and targets on the tick and on the right side', () => {
    // A seeded random walk of WIN-like bars on the 5-point tick.
    const walk = randomBars(20_000, 7, 40, 5);
    const noisy = Array.from(walk.close, (close, i) => ({
      time: 1_763_550_000 + 60 * i,
      open: at(walk.open, i),
      high: at(walk.high, i),
      low: at(walk.low, i),
      close,
    }));
    // The spec's defaults as the bot configuration holds them: each section is its params.
    const c = DEFAULT_BOT_CONFIG;
    const params = {
      fibonacci: c.fibonacci satisfies FibonacciParams,
      di_crossover: c.di_crossover satisfies DiCrossoverParams,
      advanced_di: c.advanced_di satisfies AdvancedDiParams,
      tema_crossover: c.tema_crossover satisfies TemaCrossoverParams,
      atr_channel: c.atr_channel satisfies AtrChannelParams,
      rsi_contrary: c.rsi_contrary satisfies RsiContraryParams,
      bollinger_bands: c.bollinger_bands satisfies BollingerBandsParams,
    };
    for (const key of Object.keys(STRATEGIES) as (keyof typeof STRATEGIES)[]) {
      const signals = run(key, params[key], noisy);
      expect(signals.length, key).toBeGreaterThan(0);
      for (const s of signals) {
        expect(s.stopLoss % 5, key).toBe(0);
        expect(s.takeProfit % 5, key).toBe(0);
        const dir = s.side === 'BUY' ? 1 : -1;
        expect(dir * (s.entry - s.stopLoss), key).toBeGreaterThan(0);
        expect(dir * (s.takeProfit - s.entry), key).toBeGreaterThan(0);
      }
    }
  });
});
