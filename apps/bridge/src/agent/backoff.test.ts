import { describe, expect, it } from 'vitest';
import { backoffCap, nextDelay } from './backoff.js';

describe('reconnect backoff', () => {
  it('doubles from 500 ms and stops at 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffCap)).toEqual([
      500, 1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
  });

  it('draws uniformly between zero and the cap (full jitter)', () => {
    expect(nextDelay(3, () => 0)).toBe(0);
    expect(nextDelay(3, () => 0.5)).toBe(2000);
    expect(nextDelay(3, () => 0.999_999)).toBe(3999);
  });
});
