import { describe, expect, it } from 'vitest';
import { buildPositionColumns } from './columns.js';
import { computeExtraStatistics, sideStatistics } from './extra-statistics.js';
import type { ClosedPosition } from './position.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 4, 6, 13);

function position(net: number, i: number, type: 'BUY' | 'SELL' = 'BUY') {
  return {
    symbol: 'WINM24',
    type,
    profit: net,
    commission: 0,
    swap: 0,
    open_time: START + i * HOUR - HOUR / 2,
    close_time: START + i * HOUR,
  } satisfies Partial<ClosedPosition>;
}

const series = (nets: number[]) => nets.map((net, i) => position(net, i));

describe('computeExtraStatistics', () => {
  it('scenario 100, -50, 30, -80, 20: Sortino, expectancy, SQN and recovery factor', () => {
    const columns = buildPositionColumns(series([100, -50, 30, -80, 20]));
    const extra = computeExtraStatistics(columns, 100);
    const mean = 20 / 5;
    const downside = Math.sqrt((50 * 50 + 80 * 80) / 5);
    const deviations = [96, -54, 26, -84, 16];
    const stdev = Math.sqrt(deviations.reduce((s, d) => s + d * d, 0) / 4);
    expect(extra.expectancy).toBeCloseTo(mean, 12);
    expect(extra.sortino_ratio).toBeCloseTo(mean / downside, 12);
    expect(extra.sqn).toBeCloseTo((Math.sqrt(5) * mean) / stdev, 12);
    expect(extra.recovery_factor).toBeCloseTo(20 / 100, 12);
    expect(extra.max_consecutive_wins).toBe(1);
    expect(extra.max_consecutive_losses).toBe(1);
  });

  it('counts streaks in close-time order; a breakeven trade ends both', () => {
    const nets = [5, 5, 5, 0, 5, -1, -1, 0, -1, -1, -1, 7];
    const extra = computeExtraStatistics(buildPositionColumns(series(nets)), 3);
    expect(extra.max_consecutive_wins).toBe(3);
    expect(extra.max_consecutive_losses).toBe(3);
    // Shuffled input is put in close-time order by the columns first.
    const shuffled = series(nets).reverse();
    expect(computeExtraStatistics(buildPositionColumns(shuffled), 3)).toEqual(extra);
  });

  it('no losses and no drawdown: ratios are 0, never Infinity or NaN', () => {
    const extra = computeExtraStatistics(buildPositionColumns(series([10, 20])), 0);
    expect(extra.sortino_ratio).toBe(0);
    expect(extra.recovery_factor).toBe(0);
    expect(extra.expectancy).toBe(15);
    const empty = computeExtraStatistics(buildPositionColumns([]), 0);
    expect(Object.values(empty).every((v) => v === 0)).toBe(true);
  });

  it('one trade has no sample deviation: SQN 0', () => {
    expect(computeExtraStatistics(buildPositionColumns(series([10])), 0).sqn).toBe(0);
  });
});

describe('sideStatistics', () => {
  it('long versus short counts and win rates on the net', () => {
    const stats = sideStatistics([
      position(10, 0, 'BUY'),
      position(-5, 1, 'BUY'),
      { ...position(3, 2, 'SELL'), commission: -4 },
      position(8, 3, 'SELL'),
      position(2, 4, 'BUY'),
    ]);
    expect(stats).toEqual({
      long_trades: 3,
      long_win_rate: (2 / 3) * 100,
      short_trades: 2,
      short_win_rate: 50,
    });
  });

  it('no positions: zeros', () => {
    expect(sideStatistics([])).toEqual({
      long_trades: 0,
      long_win_rate: 0,
      short_trades: 0,
      short_win_rate: 0,
    });
  });
});
