import { describe, expect, it } from 'vitest';
import { StatisticsSchema } from './api.schema.js';
import type { ClosedPosition } from './position.js';
import { computeStatistics } from './statistics.js';
import { dailyStatsRecord, factorRecord, statisticsRecord } from './statistics-record.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 4, 6, 13);

const position = (net: number, i: number, type: 'BUY' | 'SELL' = 'BUY') =>
  ({
    symbol: i % 2 ? 'WDOM24' : 'WINM24',
    type,
    profit: net,
    commission: -0.5,
    swap: 0,
    open_time: START + i * HOUR - HOUR / 4,
    close_time: START + i * HOUR,
  }) satisfies Partial<ClosedPosition>;

describe('statisticsRecord', () => {
  it('is the §3 statistics plus the extras, and passes the wire schema', () => {
    const positions = [100, -50, 30, -80, 20].map((net, i) =>
      position(net, i, i % 2 ? 'SELL' : 'BUY'),
    );
    const record = statisticsRecord(positions);
    expect(StatisticsSchema.parse(record)).toEqual(record);
    const base = computeStatistics(positions);
    expect(record).toMatchObject({ ...base });
    expect(record.total_trades).toBe(5);
    expect(record.long_trades + record.short_trades).toBe(record.total_trades);
    expect(record.expectancy).toBeCloseTo(record.profit / record.total_trades, 12);
    expect(record.recovery_factor).toBeCloseTo(record.profit / record.max_drawdown, 12);
  });

  it('an infinite profit factor travels as null', () => {
    const record = statisticsRecord([position(10, 0), position(20, 1)]);
    expect(record.profit_factor).toBeNull();
    expect(StatisticsSchema.safeParse(record).success).toBe(true);
  });

  it('no positions: the empty statistics, schema-valid', () => {
    const record = statisticsRecord([]);
    expect(record).toMatchObject({ total_trades: 0, balance: 10_000, profit_factor: 0 });
    expect(StatisticsSchema.safeParse(record).success).toBe(true);
  });
});

describe('factorRecord and dailyStatsRecord', () => {
  it('keeps finite factors and turns Infinity into null', () => {
    expect(factorRecord(1.5)).toBe(1.5);
    expect(factorRecord(Number.POSITIVE_INFINITY)).toBeNull();
    const day = {
      date: '2024-05-06',
      trades: 1,
      wins: 1,
      losses: 0,
      breakeven: 0,
      grossProfit: 5,
      grossLoss: 0,
      netProfit: 5,
      winRate: 100,
      profitFactor: Number.POSITIVE_INFINITY,
    };
    expect(dailyStatsRecord(day)).toEqual({ ...day, profitFactor: null });
  });
});
