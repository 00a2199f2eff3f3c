import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyStats } from './daily-stats.js';
import { reportsSummary } from './reports-summary.js';
import { statisticsRecord } from './statistics-record.js';

const money = fc.integer({ min: -50_000, max: 50_000 }).map((cents) => cents / 100);
const positions = fc.array(
  fc.record({
    symbol: fc.constantFrom('WINZ25', 'WDOZ25', 'PETR4'),
    type: fc.constantFrom('BUY' as const, 'SELL' as const),
    profit: money,
    commission: fc.integer({ min: -500, max: 0 }).map((c) => c / 100),
    swap: fc.constant(0),
    open_time: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2025, 0, 1) }),
    duration: fc.integer({ min: 0, max: 86_400_000 }),
    exit_reason: fc.constantFrom('SL', 'TP', 'EXPERT'),
  }),
  { maxLength: 60 },
);
const withClose = <T extends { open_time: number; duration: number }>(list: T[]) =>
  list.map((p) => ({ ...p, close_time: p.open_time + p.duration }));

describe('statistics record invariants', () => {
  it('streaks, sides and ratios stay within their counts and never leave JSON', () => {
    fc.assert(
      fc.property(positions, (raw) => {
        const list = withClose(raw);
        const r = statisticsRecord(list);
        expect(r.long_trades + r.short_trades).toBe(r.total_trades);
        expect(r.max_consecutive_wins).toBeLessThanOrEqual(r.winning_trades);
        expect(r.max_consecutive_losses).toBeLessThanOrEqual(r.losing_trades);
        if (r.max_drawdown > 0) {
          expect(r.recovery_factor * r.max_drawdown).toBeCloseTo(r.profit, 6);
        }
        for (const value of Object.values(r)) {
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });

  it('the reports summary agrees with the statistics and the daily stats', () => {
    fc.assert(
      fc.property(positions, (raw) => {
        const list = withClose(raw);
        const r = statisticsRecord(list);
        const s = reportsSummary(list);
        expect(s.summary).toEqual({
          total_trades: r.total_trades,
          win_rate: r.win_rate,
          total_pnl: r.profit,
          profit_factor: r.profit_factor,
        });
        expect(s.trades_by_hour.reduce((n, h) => n + h.count, 0)).toBe(list.length);
        expect(Object.values(s.exit_reasons).reduce((n, c) => n + c, 0)).toBe(list.length);
        expect(s.daily_pnl.map((d) => d.date)).toEqual(dailyStats(list).map((d) => d.date));
      }),
    );
  });
});
