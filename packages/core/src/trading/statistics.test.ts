import { describe, expect, it } from 'vitest';
import { buildPositionColumns } from './columns.js';
import type { PositionLike } from './position.js';
import { computeStatistics, computeStatisticsFromColumns } from './statistics.js';

const MINUTE = 60_000;

function position(net: number, closeIso: string, extra: Partial<PositionLike> = {}): PositionLike {
  const close = Date.parse(closeIso);
  return {
    symbol: 'WINM24',
    profit: net,
    commission: 0,
    swap: 0,
    open_time: close - 30 * MINUTE,
    close_time: close,
    ...extra,
  };
}

/** One close per hour from 2024-05-06 13:00 UTC (10:00 in São Paulo), in the given order. */
function series(nets: number[]): PositionLike[] {
  return nets.map((net, i) => position(net, new Date(Date.UTC(2024, 4, 6, 13 + i)).toISOString()));
}

// Nets 100, -50, 30, -80, 20: balance 10100, 10050, 10080, 10000, 10020.
const mixed = series([100, -50, 30, -80, 20]);

describe('computeStatistics', () => {
  it('uses profit + commission + swap as the net of a position', () => {
    const stats = computeStatistics([
      position(10, '2024-05-06T13:00:00Z', { commission: -2, swap: -1 }),
    ]);
    expect(stats).toMatchObject({ profit: 7, balance: 10_007 });
    expect(stats.profit_percentage).toBeCloseTo(0.07, 12);
  });

  it('balance is 10000 plus net profit; gross profit and loss add up to it', () => {
    const stats = computeStatistics(mixed);
    expect(stats).toMatchObject({
      balance: 10_020,
      profit: 20,
      gross_profit: 150,
      gross_loss: -130,
    });
    expect(stats.profit_percentage).toBeCloseTo(0.2, 12);
  });

  it('win rate is the percent of winners; breakeven counts in neither', () => {
    const stats = computeStatistics(series([10, -5, 0, 20]));
    expect(stats).toMatchObject({
      total_trades: 4,
      winning_trades: 2,
      losing_trades: 1,
      win_rate: 50,
    });
  });

  it('profit factor is gross profit / |gross loss|', () => {
    expect(computeStatistics(mixed).profit_factor).toBeCloseTo(150 / 130, 12);
  });

  it('profit factor is Infinity with no losses and 0 with neither', () => {
    expect(computeStatistics(series([5, 0, 7])).profit_factor).toBe(Number.POSITIVE_INFINITY);
    expect(computeStatistics(series([0, 0])).profit_factor).toBe(0);
  });

  it('max drawdown from 10000 on the running balance', () => {
    const stats = computeStatistics(mixed);
    // Peak 10100, trough 10000.
    expect(stats.max_drawdown).toBe(100);
    expect(stats.max_drawdown_percent).toBeCloseTo((100 / 10_100) * 100, 12);
    // A first loss is a drawdown from the starting 10000.
    expect(computeStatistics(series([-200, 100])).max_drawdown).toBe(200);
    expect(computeStatistics(series([-200, 100])).max_drawdown_percent).toBeCloseTo(2, 12);
  });

  it('orders positions by close time before running the balance', () => {
    const shuffled = [mixed[3], mixed[0], mixed[4], mixed[2], mixed[1]].filter(
      (p) => p !== undefined,
    );
    expect(computeStatistics(shuffled).max_drawdown).toBe(100);
  });

  it('volatility is the sample standard deviation', () => {
    // Mean 4; squared deviations 9216 + 2916 + 676 + 7056 + 256 = 20120; / (5 - 1) = 5030.
    expect(computeStatistics(mixed).volatility).toBeCloseTo(Math.sqrt(5030), 12);
    expect(computeStatistics(series([42])).volatility).toBe(0);
  });

  it('Sharpe is mean profit / volatility; 0 without volatility', () => {
    expect(computeStatistics(mixed).sharpe_ratio).toBeCloseTo(4 / Math.sqrt(5030), 12);
    expect(computeStatistics(series([10, 10])).sharpe_ratio).toBe(0);
  });

  it('VaR 95 is the absolute 5th percentile, linearly interpolated', () => {
    // Sorted -80, -50, 20, 30, 100; h = 4 × 0.05 = 0.2 → -80 + 0.2 × 30 = -74.
    expect(computeStatistics(mixed).var_95).toBeCloseTo(74, 12);
    // -10..10 (21 values): h = 1 → the second smallest, -9.
    expect(computeStatistics(series(Array.from({ length: 21 }, (_, i) => 10 - i))).var_95).toBe(9);
  });

  it('Calmar is the return percent over the drawdown percent; 0 without drawdown', () => {
    expect(computeStatistics(mixed).calmar_ratio).toBeCloseTo(0.2 / ((100 / 10_100) * 100), 12);
    expect(computeStatistics(series([1, 2])).calmar_ratio).toBe(0);
  });

  it('average and largest win and loss', () => {
    expect(computeStatistics(mixed)).toMatchObject({
      average_win: 50,
      average_loss: -65,
      largest_win: 100,
      largest_loss: -80,
    });
  });

  it('average duration from open to close', () => {
    const stats = computeStatistics([
      position(1, '2024-05-06T13:00:00Z', { open_time: Date.parse('2024-05-06T12:00:00Z') }),
      position(1, '2024-05-06T15:00:00Z', { open_time: Date.parse('2024-05-06T12:00:00Z') }),
    ]);
    expect(stats.avg_duration_ms).toBe(2 * 60 * MINUTE);
    expect(stats.avg_duration).toBe('2h 0m');
  });

  it('best day uses the local calendar day in America/Sao_Paulo across midnight UTC', () => {
    const positions = [
      position(30, '2024-05-09T15:00:00Z'),
      position(50, '2024-05-10T01:00:00Z'), // 22:00 on 9 May in São Paulo
      position(60, '2024-05-10T12:00:00Z'),
    ];
    expect(computeStatistics(positions).best_day).toEqual({ date: '2024-05-09', profit: 80 });
    expect(computeStatistics(positions, { timeZone: 'UTC' }).best_day).toEqual({
      date: '2024-05-10',
      profit: 110,
    });
    expect(computeStatistics(positions).trades_per_day).toBe(1.5);
  });

  it('best day and hour in America/New_York follow the DST start of 2024-03-10', () => {
    const positions = [
      position(40, '2024-03-10T04:30:00Z'), // 23:30 EST on 9 March
      position(25, '2024-03-11T03:30:00Z'), // 23:30 EDT on 10 March
      position(70, '2024-03-10T12:00:00Z'), // 08:00 EDT on 10 March (07:00 without DST)
    ];
    const stats = computeStatistics(positions, { timeZone: 'America/New_York' });
    expect(stats.best_day).toEqual({ date: '2024-03-10', profit: 95 });
    expect(stats.best_hour).toEqual({ hour: 8, profit: 70 });
  });

  it('best hour is the local hour with the highest total; earliest on ties', () => {
    const positions = [
      position(10, '2024-05-06T13:10:00Z'), // 10h local
      position(15, '2024-05-06T13:50:00Z'), // 10h
      position(20, '2024-05-06T17:00:00Z'), // 14h
      position(25, '2024-05-07T17:30:00Z'), // 14h
      position(45, '2024-05-07T19:00:00Z'), // 16h, ties with 14h
    ];
    expect(computeStatistics(positions).best_hour).toEqual({ hour: 14, profit: 45 });
  });

  it('trades per day divides by the local days that had a close', () => {
    expect(computeStatistics(mixed).trades_per_day).toBe(5);
  });

  it('symbols: top 5 by profit with trades, profit and win rate', () => {
    const at = '2024-05-06T13:00:00Z';
    const positions = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((symbol, i) => [
      position(10 * (i + 1), at, { symbol }),
      position(-5, at, { symbol }),
    ]);
    positions.push(position(-100, at, { symbol: 'B' }));
    const { symbols } = computeStatistics(positions);
    expect(symbols.map((s) => s.symbol)).toEqual(['F', 'E', 'D', 'C', 'A']);
    expect(symbols[0]).toEqual({ symbol: 'F', trades: 2, profit: 55, win_rate: 50 });
  });

  it('empty input gives zeros and nulls, never NaN', () => {
    const stats = computeStatistics([]);
    expect(stats).toMatchObject({ balance: 10_000, profit: 0, win_rate: 0, profit_factor: 0 });
    expect(stats).toMatchObject({
      best_day: null,
      best_hour: null,
      symbols: [],
      avg_duration: '0h 0m',
    });
    for (const value of Object.values(stats)) {
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    }
  });

  it('takes another initial balance', () => {
    expect(computeStatistics(mixed, { initialBalance: 50_000 }).balance).toBe(50_020);
  });

  it('the object path equals the column kernel', () => {
    expect(computeStatistics(mixed)).toEqual(
      computeStatisticsFromColumns(buildPositionColumns(mixed)),
    );
  });
});
