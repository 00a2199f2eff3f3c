import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTradeResults } from '../reports/results.js';
import { moneyPutIn, type BalanceOperation } from './balance-operations.js';
import { dailyStats } from './daily-stats.js';
import { baseEndingAt, equityCurve } from './equity-curve.js';
import { hourlyBreakdown } from './hourly.js';
import type { ClosedPosition } from './position.js';
import { statisticsRecord } from './statistics-record.js';

const T0 = Date.UTC(2024, 4, 6, 13); // 10:00 in São Paulo
const HOUR = 3_600_000;

function position(i: number, profit: number, closeTime: number): ClosedPosition {
  return {
    position_id: String(i),
    round_trip: 1,
    symbol: 'WINM24',
    magic: 0,
    type: i % 2 === 0 ? 'BUY' : 'SELL',
    volume: 1,
    entry_price: 100,
    exit_price: 101,
    open_time: closeTime - 60_000,
    close_time: closeTime,
    duration: '0h 1m',
    profit,
    commission: 0,
    swap: 0,
    exit_reason: 'EXPERT',
    status: 'closed',
    is_complete: true,
  };
}

describe('balance operations in the statistics', () => {
  // 1000 to start; a loss of 100 (10 % of 1000); a deposit of 1000 lifts balance and peak to
  // 1900 / 2000; a loss of 190 then is 290 below the 2000 peak: 14.5 %, not 290 / 1900.
  const positions = [position(1, -100, T0 + HOUR), position(2, -190, T0 + 3 * HOUR)];
  const deposit: BalanceOperation = { time: T0 + 2 * HOUR, amount: 1000 };

  it('move the balance and its peak, never counting as a drawdown', () => {
    const stats = statisticsRecord(positions, { initialBalance: 1000, operations: [deposit] });
    expect(stats.balance).toBe(1710);
    expect(stats.profit).toBe(-290);
    expect(stats.max_drawdown).toBe(290);
    expect(stats.max_drawdown_percent).toBeCloseTo(14.5, 10);
  });

  it('take profit % on the money put in: the start balance and the deposits', () => {
    const stats = statisticsRecord([position(1, 1301.4, T0 + HOUR)], {
      initialBalance: 0,
      operations: [{ time: T0, amount: 3000 }],
    });
    // The Strategy Tester report of issue 26: 3 000 deposited, 1 301.40 made, 4 301.40 left.
    expect(stats.balance).toBeCloseTo(4301.4, 10);
    expect(stats.profit_percentage).toBeCloseTo((1301.4 / 3000) * 100, 10);
    expect(
      moneyPutIn(500, [
        { time: 0, amount: 100 },
        { time: 1, amount: -300 },
      ]),
    ).toBe(600);
    // A bonus (6) or a correction (5) moves the balance but is no money the trader put in.
    const bonus = { time: 2, amount: 50, type: 6 };
    expect(moneyPutIn(500, [{ time: 0, amount: 100, type: 2 }, bonus])).toBe(600);
  });

  it('are no trades: counts, wins, days and hours are the positions’ alone', () => {
    const withOps = statisticsRecord(positions, {
      initialBalance: 1000,
      operations: [deposit, { time: T0 + 4 * HOUR, amount: -500 }],
    });
    const without = statisticsRecord(positions, { initialBalance: 1000 });
    expect(withOps.total_trades).toBe(2);
    expect(withOps.losing_trades).toBe(without.losing_trades);
    expect(withOps.best_hour).toEqual(without.best_hour);
    expect(withOps.balance).toBe(without.balance + 500);
    expect(dailyStats(positions)[0]?.trades).toBe(2);
    expect(hourlyBreakdown(positions).reduce((n, h) => n + h.trades, 0)).toBe(2);
  });

  it('alone, with no trade in the window, still move the balance', () => {
    const stats = statisticsRecord([], { initialBalance: 100, operations: [deposit] });
    expect(stats.balance).toBe(1100);
    expect(stats.total_trades).toBe(0);
  });

  it('step the equity curve at their own time, leaving the cumulative profit alone', () => {
    const curve = equityCurve(positions, { base: 1000, operations: [deposit] });
    expect(curve.map((p) => [p.timestamp, p.balance, p.cumulative_profit])).toEqual([
      [T0 + HOUR, 900, -100],
      [T0 + 2 * HOUR, 1900, -100],
      [T0 + 3 * HOUR, 1710, -290],
    ]);
    expect(baseEndingAt(positions, 1710, [deposit])).toBe(1000);
  });
});

const money = fc.integer({ min: -100_000, max: 100_000 }).map((c) => c / 100);
const time = fc.integer({ min: 0, max: 1000 }).map((m) => T0 + m * 60_000);
const scenario = fc.record({
  initial: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
  positions: fc.array(fc.tuple(money, time), { maxLength: 40 }),
  operations: fc.array(
    fc.record({ time, amount: fc.integer({ min: -50_000, max: 500_000 }).map((c) => c / 100) }),
    { maxLength: 8 },
  ),
});

describe('balance operations (property)', () => {
  it('give the statement’s drawdowns, a balance of start + trades + operations, a curve ending there', () => {
    fc.assert(
      fc.property(scenario, ({ initial, positions: raw, operations }) => {
        const positions = raw
          .map(([profit, close], i) => position(i, profit, close))
          .sort((a, b) => a.close_time - b.close_time);
        const stats = statisticsRecord(positions, { initialBalance: initial, operations });
        const results = computeTradeResults(positions, initial, operations);
        const tolerance = 1e-6 * (1 + Math.abs(results.balance_drawdown_maximal.money));
        expect(Math.abs(stats.max_drawdown - results.balance_drawdown_maximal.money)).toBeLessThan(
          tolerance,
        );
        expect(stats.max_drawdown).toBeGreaterThanOrEqual(0);
        expect(stats.max_drawdown_percent).toBeCloseTo(
          results.balance_drawdown_relative.percent,
          6,
        );
        const moved = operations.reduce((sum, op) => sum + op.amount, 0);
        expect(stats.balance).toBeCloseTo(initial + stats.profit + moved, 6);
        expect(stats.total_trades).toBe(positions.length);
        const curve = equityCurve(positions, { base: initial, operations });
        expect(curve).toHaveLength(positions.length + operations.length);
        if (curve.length > 0) expect(curve.at(-1)?.balance).toBeCloseTo(stats.balance, 6);
        const base = baseEndingAt(positions, stats.balance, operations);
        expect(base).toBeCloseTo(initial, 6);
      }),
    );
  });
});
