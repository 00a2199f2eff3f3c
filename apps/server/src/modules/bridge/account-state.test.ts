import { describe, expect, it } from 'vitest';
import { AccountState } from './account-state.js';

const flat = {
  balance: 10_000,
  equity: 10_000,
  margin: 0,
  free_margin: 10_000,
  margin_level: 0,
  profit: 0,
  currency: 'BRL',
};
const floating = (profit: number) => ({
  ...flat,
  equity: 10_000 + profit,
  margin: 500,
  free_margin: 9_500 + profit,
  margin_level: ((10_000 + profit) / 500) * 100,
  profit,
});
const TICK = 10_000;
const DAY = 86_400_000;

describe('AccountState', () => {
  it('keeps the first report, then nothing while the account stays the same', () => {
    const s = new AccountState();
    expect(s.observe(flat, 0)).toEqual({ publish: true, snapshot: true });
    expect(s.observe({ ...flat }, TICK)).toEqual({ publish: false, snapshot: false });
  });

  it('publishes every move but keeps floating equity once a minute', () => {
    const s = new AccountState();
    s.observe(floating(10), 0);
    expect(s.observe(floating(20), TICK)).toEqual({ publish: true, snapshot: false });
    expect(s.observe(floating(20), 5 * TICK)).toEqual({ publish: false, snapshot: false });
    // A minute after the last row kept, the figures differing from it are kept.
    expect(s.observe(floating(20), 6 * TICK)).toEqual({ publish: false, snapshot: true });
  });

  it('keeps a move of balance or margin at once', () => {
    const s = new AccountState();
    s.observe(floating(10), 0);
    expect(s.observe({ ...floating(10), margin: 1_000 }, TICK).snapshot).toBe(true);
    expect(s.observe({ ...flat, balance: 10_010, equity: 10_010 }, 2 * TICK).snapshot).toBe(true);
  });

  it('keeps one row a day when flat and one a minute with a position open', () => {
    const day = (figures: (tick: number) => typeof flat) => {
      const s = new AccountState();
      let rows = 0;
      for (let t = 0; t < DAY / TICK; t++) if (s.observe(figures(t), t * TICK).snapshot) rows++;
      return rows;
    };
    expect(day(() => flat)).toBe(1);
    expect(day((t) => floating(t))).toBe(1_440);
  });
});
