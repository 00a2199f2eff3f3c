/**
 * Every indicator against trading-signals (a devDependency used only here and in the bench),
 * over 5,000 seeded random-walk bars. Where trading-signals seeds differently (EMA and TEMA from
 * the first value, DMI counting bar 0 as a zero move) the comparison starts at bar CONVERGED,
 * after the seed difference has decayed below 1e-20; the seeds themselves are checked exactly
 * against trading-signals' SMA (EMA, TEMA) and against a definitional implementation (ADX).
 */
import {
  ADX,
  ATR,
  BollingerBands,
  EMA,
  RSI,
  SMA,
  SwingHigh,
  SwingLow,
  TEMA,
} from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { adx } from './adx.js';
import { atr } from './atr.js';
import { bollinger } from './bollinger.js';
import { ema } from './ema.js';
import { randomBars } from './random-bars.fixture.js';
import { rsi } from './rsi.js';
import { sma } from './sma.js';
import { swings } from './swings.js';
import { tema } from './tema.js';

const BARS = 5_000;
const TOLERANCE = 1e-9;
const CONVERGED = 1_500;
const PERIODS = [2, 3, 9, 14, 21, 50];
const series = randomBars(BARS, 20_260_601);
const { high, low, close } = series;
const candle = (i: number) => ({ high: high[i] ?? 0, low: low[i] ?? 0, close: close[i] ?? 0 });

/** Relative difference, with an absolute floor for values below 1 (RSI, DI near 0). */
function expectClose(ours: Float64Array, theirs: Float64Array, from = 0): void {
  expect(ours.length).toBe(theirs.length);
  let worst = 0;
  let worstAt = -1;
  for (let i = from; i < ours.length; i++) {
    const a = ours[i] ?? 0;
    const b = theirs[i] ?? 0;
    if (Number.isNaN(a) !== Number.isNaN(b)) throw new Error(`NaN mismatch at ${i}: ${a} vs ${b}`);
    if (Number.isNaN(a)) continue;
    const error = Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b));
    if (error > worst) [worst, worstAt] = [error, i];
  }
  expect(worst, `worst relative error at bar ${worstAt}`).toBeLessThanOrEqual(TOLERANCE);
}

/** NaN where the oracle has no result yet. */
function collect(n: number, update: (i: number) => number | null | undefined): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = update(i) ?? Number.NaN;
  return out;
}

/** trading-signals' EMA seeded with trading-signals' SMA of the first `period` inputs. */
function seededEma(values: Float64Array, period: number, from = 0): Float64Array {
  const average = new SMA(period);
  const smoothing = new EMA(period);
  return collect(values.length, (i) => {
    if (i < from + period - 1) {
      if (i >= from) average.update(values[i] ?? 0, false);
      return null;
    }
    if (i === from + period - 1) {
      const seed = average.update(values[i] ?? 0, false);
      return seed === null ? null : smoothing.update(seed, false);
    }
    return smoothing.update(values[i] ?? 0, false);
  });
}

describe.each(PERIODS)('against trading-signals, period %i', (period) => {
  it('sma matches SMA from the first value', () => {
    const oracle = new SMA(period);
    expectClose(
      sma(close, period),
      collect(BARS, (i) => oracle.update(close[i] ?? 0, false)),
    );
  });

  it('ema matches an SMA-seeded EMA exactly and the first-value-seeded EMA once converged', () => {
    expectClose(ema(close, period), seededEma(close, period));
    const oracle = new EMA(period);
    const raw = collect(BARS, (i) => {
      const value = oracle.update(close[i] ?? 0, false);
      return oracle.isStable ? value : null;
    });
    expectClose(ema(close, period), raw, CONVERGED);
  });

  it('tema matches chained SMA-seeded EMAs and trading-signals TEMA once converged', () => {
    const e1 = seededEma(close, period);
    const e2 = seededEma(e1, period, period - 1);
    const e3 = seededEma(e2, period, 2 * period - 2);
    const chained = e1.map((value, i) => 3 * value - 3 * (e2[i] ?? 0) + (e3[i] ?? 0));
    const ours = tema(close, period);
    expectClose(ours, chained);
    const oracle = new TEMA(period);
    const raw = collect(BARS, (i) => oracle.update(close[i] ?? 0, false));
    expect(raw.findIndex((v) => !Number.isNaN(v))).toBe(ours.findIndex((v) => !Number.isNaN(v)));
    expectClose(ours, raw, CONVERGED);
  });

  it('atr matches ATR (Wilder) from the first value', () => {
    const oracle = new ATR(period);
    expectClose(
      atr(high, low, close, period),
      collect(BARS, (i) => oracle.update(candle(i), false)),
    );
  });

  it('rsi matches RSI (Wilder) from the first value', () => {
    const oracle = new RSI(period);
    expectClose(
      rsi(close, period),
      collect(BARS, (i) => oracle.update(close[i] ?? 0, false)),
    );
  });

  it('adx, +DI and −DI match ADX once the bar-0 seed difference has decayed', () => {
    const oracle = new ADX(period);
    const plus = new Float64Array(BARS);
    const minus = new Float64Array(BARS);
    const value = collect(BARS, (i) => {
      const result = oracle.update(candle(i), false);
      plus[i] = 100 * (oracle.pdi ?? Number.NaN);
      minus[i] = 100 * (oracle.mdi ?? Number.NaN);
      return result;
    });
    const ours = adx(high, low, close, period);
    expectClose(ours.adx, value, CONVERGED);
    expectClose(ours.plusDi, plus, CONVERGED);
    expectClose(ours.minusDi, minus, CONVERGED);
  });

  it('bollinger matches BollingerBands (k = 2 and 1.5) from the first value', () => {
    for (const k of [2, 1.5]) {
      const oracle = new BollingerBands(period, k);
      const bands = Array.from({ length: BARS }, (_, i) => oracle.update(close[i] ?? 0, false));
      const ours = bollinger(close, period, k);
      for (const key of ['middle', 'upper', 'lower'] as const) {
        expectClose(
          ours[key],
          collect(BARS, (i) => bands[i]?.[key]),
        );
      }
      // The band width alone, where a drifting σ would show first.
      expectClose(
        ours.upper.map((u, i) => u - (ours.middle[i] ?? 0)),
        collect(BARS, (i) => {
          const b = bands[i];
          return b ? b.upper - b.middle : null;
        }),
      );
    }
  });
});

describe.each([1, 2, 3, 5, 10])('swings against SwingHigh/SwingLow, lookback %i', (lookback) => {
  it.each([0, 5])('reports each swing at its confirming bar (tick %i)', (tick) => {
    const bars = tick === 0 ? series : randomBars(BARS, 7, 40, tick);
    const ours = swings(bars.high, bars.low, lookback);
    const highOracle = new SwingHigh({ lookback });
    const lowOracle = new SwingLow({ lookback });
    let swingsSeen = 0;
    for (let i = 0; i < BARS; i++) {
      const bar = { high: bars.high[i] ?? 0, low: bars.low[i] ?? 0 };
      const confirmedHigh = highOracle.update(bar, false) !== null;
      const confirmedLow = lowOracle.update(bar, false) !== null;
      expect(i >= lookback && ours.highIndex[i] === i - lookback, `high at ${i}`).toBe(
        confirmedHigh,
      );
      expect(i >= lookback && ours.lowIndex[i] === i - lookback, `low at ${i}`).toBe(confirmedLow);
      if (confirmedHigh) swingsSeen++;
    }
    expect(swingsSeen).toBeGreaterThan(BARS / (8 * lookback + 8));
  });
});
