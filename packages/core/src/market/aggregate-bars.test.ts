import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../bridge/mt5-records.schema.js';
import { aggregateBars, bucketOf } from './aggregate-bars.js';
import { MarketBarsQuerySchema, marketMessages } from './bars.schema.js';

const bar = (time: number, open: number, high: number, low: number, close: number): Bar => ({
  time,
  open,
  high,
  low,
  close,
  tick_volume: 10,
  volume: 2,
});

// 2025-11-21 12:00 UTC (09:00 in São Paulo), a multiple of an hour.
const T0 = 1_763_726_400;

describe('aggregateBars', () => {
  it('folds five M1 bars into one M5 bar: first open, last close, extremes, summed volumes', () => {
    const m1 = [
      bar(T0, 100, 105, 99, 104),
      bar(T0 + 60, 104, 110, 103, 108),
      bar(T0 + 120, 108, 109, 95, 96),
      bar(T0 + 180, 96, 100, 96, 99),
      bar(T0 + 240, 99, 101, 98, 100),
    ];
    expect(aggregateBars(m1, 'M5')).toEqual([
      { time: T0, open: 100, high: 110, low: 95, close: 100, tick_volume: 50, volume: 10 },
    ]);
  });

  it('starts a new bar at each bucket and skips empty buckets (market closed)', () => {
    const m1 = [bar(T0 + 240, 1, 2, 1, 2), bar(T0 + 300, 2, 3, 2, 3), bar(T0 + 3_600, 5, 6, 4, 5)];
    expect(aggregateBars(m1, 'M5').map((b) => b.time)).toEqual([T0, T0 + 300, T0 + 3_600]);
    expect(aggregateBars(m1, 'H1').map((b) => [b.time, b.open, b.close])).toEqual([
      [T0, 1, 3],
      [T0 + 3_600, 5, 5],
    ]);
  });

  it('leaves M1 as it is and does not change its input', () => {
    const m1 = [bar(T0, 1, 2, 1, 2), bar(T0 + 60, 2, 3, 2, 3)];
    const copy = structuredClone(m1);
    expect(aggregateBars(m1, 'M1')).toEqual(m1);
    aggregateBars(m1, 'H1');
    expect(m1).toEqual(copy);
  });

  it('keeps every bar inside its parent and loses no volume (property)', () => {
    const m1s = fc
      .uniqueArray(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 200 })
      .map((minutes) =>
        minutes
          .sort((a, b) => a - b)
          .map((m) => {
            const open = 100 + (m % 17);
            return bar(T0 + m * 60, open, open + (m % 5), open - (m % 3), open + (m % 4) - 1);
          }),
      );
    fc.assert(
      fc.property(m1s, fc.constantFrom('M5', 'M15', 'H1' as const), (m1, tf) => {
        const out = aggregateBars(m1, tf);
        expect(out.reduce((s, b) => s + b.tick_volume, 0)).toBe(m1.length * 10);
        for (const b of m1) {
          const parent = out.find((p) => p.time === bucketOf(b.time, tf));
          expect(parent?.high).toBeGreaterThanOrEqual(b.high);
          expect(parent?.low).toBeLessThanOrEqual(b.low);
        }
        const times = out.map((b) => b.time);
        expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
      }),
    );
  });
});

describe('MarketBarsQuerySchema', () => {
  const error = (q: Record<string, string>) =>
    MarketBarsQuerySchema.safeParse(q).error?.issues[0]?.message;

  it('defaults to the newest 500 M1 bars', () => {
    expect(MarketBarsQuerySchema.parse({ symbol: 'WINZ25' })).toEqual({
      symbol: 'WINZ25',
      timeframe: 'M1',
      limit: 500,
    });
  });

  it('refuses a bad symbol, timeframe, time, limit or an inverted window in pt-BR', () => {
    expect(error({ symbol: 'WIN Z25' })).toBe(marketMessages.invalidSymbol);
    expect(error({ symbol: 'WINZ25', timeframe: 'D1' })).toBe(marketMessages.invalidTimeframe);
    expect(error({ symbol: 'WINZ25', from: 'ontem' })).toBe(marketMessages.invalidFrom);
    expect(error({ symbol: 'WINZ25', to: '-1' })).toBe(marketMessages.invalidTo);
    expect(error({ symbol: 'WINZ25', limit: '5000' })).toBe(marketMessages.invalidLimit);
    expect(error({ symbol: 'WINZ25', from: '200', to: '100' })).toBe(marketMessages.fromAfterTo);
  });
});
