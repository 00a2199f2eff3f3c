import { describe, expect, it } from 'vitest';
import { currentWinSymbol } from '../market/win-series.js';
import { isOnTick, roundToTick, winSpec } from './instrument.js';

describe('roundToTick', () => {
  it('rounds to the nearest 5 points, halves up', () => {
    expect(roundToTick(125_002.4)).toBe(125_000);
    expect(roundToTick(125_002.5)).toBe(125_005);
    expect(roundToTick(125_007.6)).toBe(125_010);
    expect(roundToTick(125_000)).toBe(125_000);
    expect(roundToTick(124_997.4)).toBe(124_995);
  });

  it('knows which prices are on the grid', () => {
    expect(isOnTick(125_005)).toBe(true);
    expect(isOnTick(125_003)).toBe(false);
    expect(isOnTick(125_005.0000000001)).toBe(true);
  });
});

describe('winSpec', () => {
  it('is the mini-index: tick 5, R$ 0.20 per point, R$ 0.25 a side, margin a parameter', () => {
    const spec = winSpec({ symbol: 'WINZ25', marginPerContract: 150 });
    expect(spec).toMatchObject({ tickSize: 5, pointValue: 0.2, digits: 0, contractSize: 1 });
    expect(spec.commissionPerContract).toBe(0.25);
    expect(spec.marginPerContract).toBe(150);
  });
});

describe('currentWinSymbol', () => {
  const sp = (iso: string): number => Date.parse(`${iso}T12:00:00-03:00`);

  it('picks the next even month in odd months', () => {
    expect(currentWinSymbol(sp('2025-11-03'))).toBe('WINZ25');
    expect(currentWinSymbol(sp('2025-01-20'))).toBe('WING25');
    expect(currentWinSymbol(new Date(sp('2025-07-01')))).toBe('WINQ25');
  });

  it('keeps the current month through its expiry day and rolls the day after', () => {
    expect(currentWinSymbol(sp('2025-12-17'))).toBe('WINZ25');
    expect(currentWinSymbol(sp('2025-12-18'))).toBe('WING26');
    expect(currentWinSymbol(sp('2025-04-16'))).toBe('WINJ25');
    expect(currentWinSymbol(sp('2025-04-17'))).toBe('WINM25');
  });

  it('reads the date in São Paulo, not UTC', () => {
    // 23:30 on the 17th in São Paulo is already the 18th in UTC.
    expect(currentWinSymbol(Date.parse('2025-12-17T23:30:00-03:00'))).toBe('WINZ25');
  });
});
