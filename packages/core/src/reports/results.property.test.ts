import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStatistics } from '../trading/statistics.js';
import { mt5Results } from './mt5-results.js';
import { computeTradeResults, type ResultsPosition } from './results.js';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 0, 5, 13);
const money = fc.integer({ min: -50_000, max: 50_000 }).map((cents) => cents / 100);
const positionsArb = fc
  .array(fc.tuple(fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'), money, money), {
    maxLength: 60,
  })
  .map((rows) =>
    rows.map(([type, profit, commission], i): ResultsPosition => ({
      type,
      profit,
      commission: -Math.abs(commission) / 100,
      swap: 0,
      close_time: START + i * HOUR,
    })),
  );
const operationsArb = fc.array(
  fc.record({ time: fc.integer({ min: START, max: START + 60 * HOUR }), amount: money }),
  { maxLength: 5 },
);
const start = fc.integer({ min: 0, max: 100_000 });

describe('computeTradeResults invariants', () => {
  it('net = gross profit + gross loss; the trades split into shorts and longs', () => {
    fc.assert(
      fc.property(positionsArb, start, (positions, initial) => {
        const r = computeTradeResults(positions, initial);
        expect(r.total_net_profit).toBeCloseTo(r.gross_profit + r.gross_loss, 6);
        expect(r.short_trades.count + r.long_trades.count).toBe(r.total_trades);
        expect(r.profit_trades.count + r.loss_trades.count).toBeLessThanOrEqual(r.total_trades);
      }),
    );
  });

  it('drawdowns are never negative; maximal has the most money, relative the most percent', () => {
    fc.assert(
      fc.property(positionsArb, start, operationsArb, (positions, initial, operations) => {
        const r = computeTradeResults(positions, initial, operations);
        expect(r.balance_drawdown_absolute).toBeGreaterThanOrEqual(0);
        expect(r.balance_drawdown_maximal.money).toBeGreaterThanOrEqual(0);
        expect(r.balance_drawdown_maximal.money).toBeGreaterThanOrEqual(
          r.balance_drawdown_relative.money,
        );
        expect(r.balance_drawdown_relative.percent).toBeGreaterThanOrEqual(
          r.balance_drawdown_maximal.percent,
        );
      }),
    );
  });

  it('streaks fit inside the wins and losses they are made of', () => {
    fc.assert(
      fc.property(positionsArb, (positions) => {
        const r = computeTradeResults(positions, 10_000);
        expect(r.max_consecutive_wins.count).toBeLessThanOrEqual(r.profit_trades.count);
        expect(r.max_consecutive_losses.count).toBeLessThanOrEqual(r.loss_trades.count);
        expect(r.maximal_consecutive_profit.money).toBeLessThanOrEqual(r.gross_profit + 1e-6);
        expect(r.maximal_consecutive_loss.money).toBeGreaterThanOrEqual(r.gross_loss - 1e-6);
        if (r.profit_trades.count > 0) expect(r.average_consecutive_wins).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('agrees with /statistics on the figures both show', () => {
    fc.assert(
      fc.property(positionsArb, (positions) => {
        const r = computeTradeResults(positions, 10_000);
        const s = computeStatistics(
          positions.map((p) => ({ ...p, symbol: 'WINZ25', open_time: p.close_time - HOUR })),
        );
        expect(s.gross_profit).toBeCloseTo(r.gross_profit, 6);
        expect(s.gross_loss).toBeCloseTo(r.gross_loss, 6);
        expect(s.max_drawdown).toBeCloseTo(r.balance_drawdown_maximal.money, 6);
        expect(s.profit_factor).toBe(r.profit_factor);
      }),
    );
  });
  it("positions closed in one deal each: the positions' Sharpe and drawdowns are the deals'", () => {
    fc.assert(
      fc.property(positionsArb, start, operationsArb, (positions, initial, operations) => {
        const r = computeTradeResults(positions, initial, operations);
        const deals = positions.map((p) => ({
          time: p.close_time,
          side: p.type === 'BUY' ? ('SELL' as const) : ('BUY' as const),
          closes: true,
          net: p.profit + p.commission + p.swap,
        }));
        const d = mt5Results(deals, initial, operations);
        expect(r.sharpe_ratio).toBeCloseTo(d.sharpe_ratio, 9);
        expect(r.balance_drawdown_maximal.money).toBeCloseTo(d.balance_drawdown_maximal.money, 6);
      }),
    );
  });

  it('the Sharpe ratio reads returns: the same account at ten times the money has the same', () => {
    fc.assert(
      fc.property(positionsArb, fc.integer({ min: 1, max: 100_000 }), (positions, initial) => {
        const tenfold = positions.map((p) => ({
          ...p,
          profit: p.profit * 10,
          commission: p.commission * 10,
        }));
        expect(computeTradeResults(tenfold, initial * 10).sharpe_ratio).toBeCloseTo(
          computeTradeResults(positions, initial).sharpe_ratio,
          9,
        );
      }),
    );
  });
});
