import { describe, expect, it } from 'vitest';
import { profitFactor, tradesScreenProfitFactor } from './profit-factor.js';

describe('profit factor', () => {
  it('is gross profit over the absolute gross loss, whatever the sign given', () => {
    expect(profitFactor(150, -100)).toBe(1.5);
    expect(profitFactor(150, 100)).toBe(1.5);
    expect(profitFactor(0, -40)).toBe(0);
  });

  it('is Infinity with no losses and 0 with neither', () => {
    expect(profitFactor(10, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(profitFactor(0, 0)).toBe(0);
  });

  it('trades screen shows values above 999 as infinite', () => {
    expect(tradesScreenProfitFactor(999)).toBe(999);
    expect(tradesScreenProfitFactor(999.01)).toBe(Number.POSITIVE_INFINITY);
    expect(tradesScreenProfitFactor(1.2)).toBe(1.2);
  });
});
