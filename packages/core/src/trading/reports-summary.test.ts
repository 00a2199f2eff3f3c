import { describe, expect, it } from 'vitest';
import { ReportsSummaryResponseSchema } from './api.schema.js';
import { dailyStats } from './daily-stats.js';
import { DealSchema } from './deal.schema.js';
import { dealReasonName, exitReasonIndex, exitReasonOf } from './deal-reason.js';
import { dealsToPositions } from './positions.js';
import { reportsSummary } from './reports-summary.js';
import { computeStatistics } from './statistics.js';

// São Paulo is UTC-3 (no DST since 2019): 13:00 UTC is 10:00 local.
const close = (day: number, utcHour: number) => Date.UTC(2024, 4, day, utcHour);
const position = (net: number, closeTime: number, exit_reason: string) => ({
  symbol: 'WINM24',
  profit: net,
  commission: -1,
  swap: 0,
  open_time: closeTime - 600_000,
  close_time: closeTime,
  exit_reason,
});

const positions = [
  position(51, close(6, 13), 'TP'),
  position(-29, close(6, 13), 'SL'),
  position(11, close(6, 16), 'EXPERT'),
  position(-9, close(7, 13), 'SL'),
  position(1, close(7, 20), 'CLIENT'),
];

describe('reportsSummary', () => {
  const summary = reportsSummary(positions);

  it('totals agree with the statistics of the same positions', () => {
    const stats = computeStatistics(positions);
    expect(summary.summary).toEqual({
      total_trades: stats.total_trades,
      win_rate: stats.win_rate,
      total_pnl: stats.profit,
      profit_factor: stats.profit_factor,
    });
    expect(summary.summary).toMatchObject({ total_trades: 5, total_pnl: 20, win_rate: 40 });
    expect(summary.summary.profit_factor).toBeCloseTo(60 / 40, 12);
  });

  it('trades by local hour of close: all 24 hours, count, net and win rate', () => {
    expect(summary.trades_by_hour).toHaveLength(24);
    expect(summary.trades_by_hour[10]).toEqual({
      hour: 10,
      count: 3,
      pnl: 50 - 30 - 10,
      win_rate: (1 / 3) * 100,
    });
    expect(summary.trades_by_hour[13]).toEqual({ hour: 13, count: 1, pnl: 10, win_rate: 100 });
    expect(summary.trades_by_hour[17]).toEqual({ hour: 17, count: 1, pnl: 0, win_rate: 0 });
    expect(summary.trades_by_hour[9]).toEqual({ hour: 9, count: 0, pnl: 0, win_rate: 0 });
  });

  it('positions by exit reason and the net of each local day', () => {
    expect(summary.exit_reasons).toEqual({ TP: 1, SL: 2, EXPERT: 1, CLIENT: 1 });
    expect(summary.daily_pnl).toEqual(
      dailyStats(positions).map((d) => ({ date: d.date, pnl: d.netProfit })),
    );
    expect(summary.daily_pnl).toEqual([
      { date: '2024-05-06', pnl: 30 },
      { date: '2024-05-07', pnl: -10 },
    ]);
  });

  it('is schema-valid; with no positions every figure is 0 and infinity never appears', () => {
    const data = { success: true, data: summary };
    expect(ReportsSummaryResponseSchema.safeParse(data).success).toBe(true);
    const empty = reportsSummary([]);
    expect(empty.summary).toEqual({ total_trades: 0, win_rate: 0, total_pnl: 0, profit_factor: 0 });
    expect(empty.exit_reasons).toEqual({});
    expect(empty.daily_pnl).toEqual([]);
    const allWins = reportsSummary([position(5, close(6, 13), 'TP')]);
    expect(allWins.summary.profit_factor).toBeNull();
  });
});

describe('deal reasons', () => {
  it('names MT5 DEAL_REASON codes', () => {
    expect(['0', '1', '2', '3', 'SL', 'TP', 'SO', '7', null].map(dealReasonName)).toEqual([
      'CLIENT',
      'MOBILE',
      'WEB',
      'EXPERT',
      'SL',
      'TP',
      'SO',
      'ROLLOVER',
      'UNKNOWN',
    ]);
    expect(dealReasonName(4)).toBe('SL');
    expect(dealReasonName('weird')).toBe('WEIRD');
  });

  it("a position's exit reason is its closing deal's", () => {
    const deals = [
      { ticket: 1, position_id: 7, type: 0, entry: 0, volume: 2, price: 10, time: 100, reason: 3 },
      { ticket: 2, position_id: 7, type: 1, entry: 1, volume: 1, price: 11, time: 200, reason: 5 },
      { ticket: 3, position_id: 7, type: 1, entry: 1, volume: 1, price: 9, time: 300, reason: 4 },
      { ticket: 4, position_id: 8, type: 1, entry: 0, volume: 1, price: 10, time: 400, reason: 3 },
      { ticket: 5, position_id: 8, type: 0, entry: 1, volume: 1, price: 9, time: 500, reason: 0 },
    ].map((d) => DealSchema.parse(d));
    const index = exitReasonIndex(deals);
    expect(dealsToPositions(deals).map((p) => exitReasonOf(index, p))).toEqual(['SL', 'CLIENT']);
    expect(exitReasonOf(index, { position_id: '99', close_time: 1 })).toBe('UNKNOWN');
  });
});
