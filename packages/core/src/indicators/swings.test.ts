import { describe, expect, it } from 'vitest';
import { fibonacciLevels } from './fibonacci.js';
import { SwingStream, swings } from './swings.js';

const f = (values: number[]) => Float64Array.from(values);

describe('swings', () => {
  it('confirms a swing lookback bars after it; ties make none', () => {
    const high = f([1, 3, 2, 5, 4, 4, 6]);
    const low = f([0, 2, 1, 4, 3, 3, 5]);
    const out = swings(high, low, 1);
    // Highs: bar 1 (3) confirmed at bar 2, bar 3 (5) at bar 4; bar 5 ties bar 4.
    expect(Array.from(out.highIndex)).toEqual([-1, -1, 1, 1, 3, 3, 3]);
    // Lows: bar 2 (1) confirmed at bar 3; bar 4 ties bar 5.
    expect(Array.from(out.lowIndex)).toEqual([-1, -1, -1, 2, 2, 2, 2]);
  });

  it('never changes a past answer when later bars arrive (causal)', () => {
    const high = f([5, 7, 6, 9, 8, 10, 4, 3, 11, 2]);
    const low = f([4, 6, 5, 8, 7, 9, 3, 2, 10, 1]);
    const full = swings(high, low, 2);
    for (let n = 0; n <= high.length; n++) {
      const part = swings(high.slice(0, n), low.slice(0, n), 2);
      expect(Array.from(part.highIndex)).toEqual(Array.from(full.highIndex.slice(0, n)));
      expect(Array.from(part.lowIndex)).toEqual(Array.from(full.lowIndex.slice(0, n)));
    }
  });

  it('the stream gives the swing prices and their Fibonacci levels', () => {
    const stream = new SwingStream(1);
    const bars: [number, number][] = [
      [110, 100],
      [120, 105],
      [115, 90],
      [118, 95],
    ];
    for (const [h, l] of bars) stream.next(h, l);
    expect(stream.value).toEqual({ highIndex: 1, lowIndex: 2, swingHigh: 120, swingLow: 90 });
    expect(fibonacciLevels(stream.swingHigh, stream.swingLow)[3]).toEqual({
      level: 0.5,
      price: 105,
    });
  });
});

describe('fibonacciLevels', () => {
  it('runs from the high (0) down to the low (1)', () => {
    const levels = fibonacciLevels(200, 100);
    expect(levels.map((l) => l.level)).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
    const prices = levels.map((l) => l.price);
    expect(prices[0]).toBe(200);
    expect(prices[6]).toBe(100);
    [200, 176.4, 161.8, 150, 138.2, 121.4, 100].forEach((expected, i) =>
      expect(prices[i]).toBeCloseTo(expected, 9),
    );
  });
});
