import { describe, expect, it } from 'vitest';
import { adx } from './adx.js';
import { atr } from './atr.js';
import { bollinger } from './bollinger.js';
import { ema } from './ema.js';
import { randomBars } from './random-bars.fixture.js';
import { rsi } from './rsi.js';
import { sma } from './sma.js';
import { tema } from './tema.js';

const f = (values: number[]) => Float64Array.from(values);
const firstValue = (values: Float64Array) => values.findIndex((v) => !Number.isNaN(v));
const bars = randomBars(600, 99);
const { high, low, close } = bars;

/** Every single-series indicator with its documented first non-NaN index. */
const single = [
  { name: 'sma', run: sma, warm: (p: number) => p - 1 },
  { name: 'ema', run: ema, warm: (p: number) => p - 1 },
  { name: 'tema', run: tema, warm: (p: number) => 3 * p - 3 },
  { name: 'rsi', run: rsi, warm: (p: number) => p },
  {
    name: 'atr',
    run: (_: Float64Array, p: number) => atr(high, low, close, p),
    warm: (p: number) => p - 1,
  },
  {
    name: 'adx',
    run: (_: Float64Array, p: number) => adx(high, low, close, p).adx,
    warm: (p: number) => 2 * p - 1,
  },
  {
    name: '+DI',
    run: (_: Float64Array, p: number) => adx(high, low, close, p).plusDi,
    warm: (p: number) => p,
  },
  {
    name: 'bollinger',
    run: (v: Float64Array, p: number) => bollinger(v, p, 2).lower,
    warm: (p: number) => p - 1,
  },
];

describe.each(single)('$name warm-up', ({ run, warm }) => {
  it.each([1, 2, 14, 50])('period %i: NaN before its first index, none after', (period) => {
    const out = run(close, period);
    expect(firstValue(out)).toBe(warm(period));
    expect(out.slice(warm(period)).some(Number.isNaN)).toBe(false);
  });
});

describe('period 1', () => {
  it('sma, ema, tema and bollinger return the input exactly', () => {
    expect(bollinger(close, 1, 2).upper).toEqual(close);
    expect(sma(close, 1)).toEqual(close);
    expect(ema(close, 1)).toEqual(close);
    expect(tema(close, 1)).toEqual(close);
  });

  it('atr is the true range, high − low on bar 0', () => {
    expect(atr(f([10, 12, 11]), f([8, 9, 10]), f([9, 11, 10.5]), 1)).toEqual(f([2, 3, 1]));
  });

  it('rsi is 100 on a rise, 0 on a fall, 50 when unchanged', () => {
    expect(rsi(f([5, 6, 4, 4]), 1)).toEqual(f([Number.NaN, 100, 0, 50]));
  });

  it('adx is the bar’s DX from bar 1', () => {
    const out = adx(f([10, 12, 11]), f([8, 9, 7]), f([9, 11, 8]), 1);
    // Bar 1: +DM 2, −DM 0, TR 3 → +DI 66.7, −DI 0, DX 100. Bar 2: +DM 0, −DM 2, TR 4.
    expect(out.plusDi[1]).toBeCloseTo(200 / 3, 12);
    expect(out.adx[1]).toBe(100);
    expect(out.minusDi[2]).toBe(50);
    expect(out.adx[2]).toBe(100);
  });
});

describe('named scenarios', () => {
  it('atr, period 2: mean of the first two true ranges, then Wilder', () => {
    expect(atr(f([10, 12, 11]), f([8, 9, 10]), f([9, 11, 10.5]), 2)).toEqual(
      f([Number.NaN, 2.5, 1.75]),
    );
  });

  it('rsi, period 2: two rises then a fall', () => {
    expect(rsi(f([1, 2, 3, 2]), 2)).toEqual(f([Number.NaN, Number.NaN, 100, 50]));
  });

  it('ema, period 3: SMA seed then alpha 0.5', () => {
    expect(ema(f([1, 2, 3, 5, 1]), 3)).toEqual(f([Number.NaN, Number.NaN, 2, 3.5, 2.25]));
  });

  it('bollinger, period 2: σ of two values is half their distance', () => {
    const out = bollinger(f([1, 3, 3]), 2, 2);
    expect(out.middle).toEqual(f([Number.NaN, 2, 3]));
    expect(out.upper).toEqual(f([Number.NaN, 4, 3]));
    expect(out.lower).toEqual(f([Number.NaN, 0, 3]));
  });

  it('adx equals a definitional Wilder DMI written with sums, as in Wilder’s book', () => {
    const p = 14;
    const ours = adx(high, low, close, p);
    // Wilder keeps running sums: S = S − S/p + x; the DI ratios are the same as with averages.
    let [trSum, plusSum, minusSum, adxValue] = [0, 0, 0, 0];
    const dxs: number[] = [];
    for (let i = 1; i < close.length; i++) {
      const [h, l, ph, pl, pc] = [high[i], low[i], high[i - 1], low[i - 1], close[i - 1]].map(
        (v) => v ?? 0,
      ) as [number, number, number, number, number];
      const tr = Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc));
      const up = h - ph;
      const down = pl - l;
      const plusDm = up > down && up > 0 ? up : 0;
      const minusDm = down > up && down > 0 ? down : 0;
      if (i <= p) [trSum, plusSum, minusSum] = [trSum + tr, plusSum + plusDm, minusSum + minusDm];
      else {
        trSum = trSum - trSum / p + tr;
        plusSum = plusSum - plusSum / p + plusDm;
        minusSum = minusSum - minusSum / p + minusDm;
      }
      if (i < p) continue;
      const plusDi = (100 * plusSum) / trSum;
      const minusDi = (100 * minusSum) / trSum;
      expect(ours.plusDi[i]).toBeCloseTo(plusDi, 9);
      expect(ours.minusDi[i]).toBeCloseTo(minusDi, 9);
      const dx = (100 * Math.abs(plusDi - minusDi)) / (plusDi + minusDi);
      dxs.push(dx);
      if (dxs.length < p) continue;
      adxValue = dxs.length === p ? dxs.reduce((a, b) => a + b) / p : (adxValue * (p - 1) + dx) / p;
      expect(ours.adx[i]).toBeCloseTo(adxValue, 9);
    }
  });
});

describe('series shorter than the period', () => {
  it.each([0, 1, 5])('%i bars, period 10: all NaN, same length', (n) => {
    const v = close.slice(0, n);
    const [h, l] = [high.slice(0, n), low.slice(0, n)];
    for (const out of [
      sma(v, 10),
      ema(v, 10),
      tema(v, 10),
      rsi(v, 10),
      atr(h, l, v, 10),
      adx(h, l, v, 10).adx,
      adx(h, l, v, 10).plusDi,
      bollinger(v, 10, 2).upper,
    ]) {
      expect(out.length).toBe(n);
      expect(out.every(Number.isNaN)).toBe(true);
    }
  });
});

describe('constant series: defined values instead of 0/0', () => {
  const flat = new Float64Array(100).fill(123_455);

  it('rsi is 50 (no gain and no loss)', () => {
    expect(
      rsi(flat, 14)
        .slice(14)
        .every((v) => v === 50),
    ).toBe(true);
  });

  it('adx, +DI and −DI are 0 and atr is 0 when high = low = close', () => {
    const out = adx(flat, flat, flat, 14);
    expect(out.adx.slice(27).every((v) => v === 0)).toBe(true);
    expect(out.plusDi.slice(14).every((v) => v === 0)).toBe(true);
    expect(out.minusDi.slice(14).every((v) => v === 0)).toBe(true);
    expect(
      atr(flat, flat, flat, 14)
        .slice(13)
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('bollinger bands collapse onto the middle; sma and ema are the constant', () => {
    const out = bollinger(flat, 20, 2);
    expect(out.upper.slice(19)).toEqual(out.middle.slice(19));
    expect(out.lower.slice(19)).toEqual(out.middle.slice(19));
    for (const v of [...sma(flat, 20).slice(19), ...ema(flat, 20).slice(19)]) {
      expect(v).toBeCloseTo(123_455, 9);
    }
  });
});

describe('arguments', () => {
  it.each([0, -1, 1.5, Number.NaN])('period %s is a RangeError', (period) => {
    expect(() => sma(close, period)).toThrow(RangeError);
    expect(() => adx(high, low, close, period)).toThrow(RangeError);
  });

  it('out of another length is a RangeError; a reused out is fully overwritten', () => {
    expect(() => ema(close, 5, new Float64Array(3))).toThrow(RangeError);
    const out = new Float64Array(close.length).fill(7);
    expect(ema(close, 5, out)).toBe(out);
    expect(out).toEqual(ema(close, 5));
    expect(() => atr(high, low.slice(1), close, 5)).toThrow(RangeError);
  });
});
