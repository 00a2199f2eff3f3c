/** Property: every stream gives, bar by bar, exactly (Object.is) what its batch form gives. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdxStream, adx } from './adx.js';
import { AtrStream, atr } from './atr.js';
import { BollingerStream, bollinger } from './bollinger.js';
import { EmaStream, ema } from './ema.js';
import { RsiStream, rsi } from './rsi.js';
import { SmaStream, sma } from './sma.js';
import { SwingStream, swings } from './swings.js';
import { TemaStream, tema } from './tema.js';

// Prices either free doubles or on WIN's 5-point tick (ties and flat stretches), 0..400 bars.
const price = fc.oneof(
  fc.double({ min: 1, max: 200_000, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 23_000, max: 24_200 }).map((ticks) => ticks * 5),
);
const bar = fc
  .tuple(price, fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: 0, max: 1 }))
  .map(([close, range, at]) => ({
    high: close + range * at,
    low: close - range * (1 - at),
    close,
  }));
const bars = fc.array(bar, { maxLength: 400 }).map((list) => ({
  high: Float64Array.from(list, (b) => b.high),
  low: Float64Array.from(list, (b) => b.low),
  close: Float64Array.from(list, (b) => b.close),
}));
const period = fc.integer({ min: 1, max: 40 });

function expectSame(batch: Float64Array | Int32Array, stream: number[]): void {
  expect(stream.length).toBe(batch.length);
  batch.forEach((value, i) => {
    if (!Object.is(value, stream[i]))
      throw new Error(`bar ${i}: batch ${value}, stream ${stream[i]}`);
  });
}

describe('streaming == batch', () => {
  it('sma, ema, tema and rsi', () => {
    fc.assert(
      fc.property(bars, period, ({ close }, p) => {
        const streams = [new SmaStream(p), new EmaStream(p), new TemaStream(p), new RsiStream(p)];
        const batches = [sma(close, p), ema(close, p), tema(close, p), rsi(close, p)];
        streams.forEach((stream, k) => {
          const values = Array.from(close, (x) => stream.next(x));
          expectSame(batches[k] ?? new Float64Array(), values);
          expect(Object.is(stream.value, values.at(-1) ?? Number.NaN)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('atr and adx with ±DI', () => {
    fc.assert(
      fc.property(bars, period, ({ high, low, close }, p) => {
        const atrStream = new AtrStream(p);
        const adxStream = new AdxStream(p);
        const atrValues: number[] = [];
        const adxValues = { adx: [] as number[], plusDi: [] as number[], minusDi: [] as number[] };
        for (let i = 0; i < close.length; i++) {
          const [h, l, c] = [high[i] ?? 0, low[i] ?? 0, close[i] ?? 0];
          atrValues.push(atrStream.next(h, l, c));
          const value = adxStream.next(h, l, c);
          adxValues.adx.push(value.adx);
          adxValues.plusDi.push(value.plusDi);
          adxValues.minusDi.push(value.minusDi);
          expect(Object.is(adxStream.value, value.adx)).toBe(true);
          expect(Object.is(adxStream.plusDi, value.plusDi)).toBe(true);
        }
        expectSame(atr(high, low, close, p), atrValues);
        const batch = adx(high, low, close, p);
        expectSame(batch.adx, adxValues.adx);
        expectSame(batch.plusDi, adxValues.plusDi);
        expectSame(batch.minusDi, adxValues.minusDi);
      }),
      { numRuns: 300 },
    );
  });

  it('bollinger', () => {
    fc.assert(
      fc.property(bars, period, fc.double({ min: 0, max: 4, noNaN: true }), ({ close }, p, k) => {
        const stream = new BollingerStream(p, k);
        const values = Array.from(close, (x) => stream.next(x));
        const batch = bollinger(close, p, k);
        for (const key of ['middle', 'upper', 'lower'] as const) {
          expectSame(
            batch[key],
            values.map((v) => v[key]),
          );
        }
        expect(Object.is(stream.upper, values.at(-1)?.upper ?? Number.NaN)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('swings', () => {
    fc.assert(
      fc.property(bars, fc.integer({ min: 1, max: 12 }), ({ high, low }, lookback) => {
        const stream = new SwingStream(lookback);
        const values = Array.from(high, (h, i) => stream.next(h, low[i] ?? 0));
        const batch = swings(high, low, lookback);
        expectSame(
          batch.highIndex,
          values.map((v) => v.highIndex),
        );
        expectSame(
          batch.lowIndex,
          values.map((v) => v.lowIndex),
        );
        values.forEach((v) => {
          expect(Object.is(v.swingHigh, v.highIndex < 0 ? Number.NaN : high[v.highIndex])).toBe(
            true,
          );
          expect(Object.is(v.swingLow, v.lowIndex < 0 ? Number.NaN : low[v.lowIndex])).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
