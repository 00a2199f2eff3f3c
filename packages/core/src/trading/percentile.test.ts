import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';

/** Reference: full sort, then numpy's linear interpolation. */
function sortedPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = ((sorted.length - 1) * p) / 100;
  const lower = sorted[Math.floor(h)] ?? 0;
  const upper = sorted[Math.ceil(h)] ?? 0;
  return lower + (h - Math.floor(h)) * (upper - lower);
}

describe('percentile', () => {
  it('interpolates linearly between closest ranks', () => {
    expect(percentile(Float64Array.from([3, 1, 2, 4, 5]), 5)).toBeCloseTo(1.2, 12);
    expect(percentile(Float64Array.from([7]), 5)).toBe(7);
    expect(percentile(new Float64Array(0), 5)).toBe(0);
    expect(percentile(Float64Array.from([1, 2, 3]), 100)).toBe(3);
  });

  it('leaves its input untouched', () => {
    const values = Float64Array.from([5, 4, 3, 2, 1]);
    percentile(values, 50);
    expect([...values]).toEqual([5, 4, 3, 2, 1]);
  });

  it('quickselect equals a full sort on any input, duplicates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 100 }),
        (values, p) => {
          expect(percentile(Float64Array.from(values), p)).toBeCloseTo(
            sortedPercentile(values, p),
            9,
          );
        },
      ),
    );
  });
});
