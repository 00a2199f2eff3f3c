import { describe, expect, it } from 'vitest';
import type { ClosedPositionRecord } from '@vortex/core';
import { makeTrade, NOW } from '../trades.fixtures';
import { dateInputOf, dayEndExclusiveMs, dayStartMs } from './day-bounds';
import { tradesCsvName } from './download';
import { csvTime, tradesCsv } from './trades-csv';
import {
  applyFilters,
  clampPage,
  datesInverted,
  DEFAULT_FILTERS,
  pageOf,
  parseStoredFilters,
  summarize,
  summaryOfTotals,
  timeWindowOf,
  topMagics,
} from './trades-filters';

describe('day bounds in São Paulo', () => {
  it('starts a day at local midnight and ends it where the next starts', () => {
    expect(dayStartMs('2026-03-10')).toBe(Date.UTC(2026, 2, 10, 3));
    expect(dayEndExclusiveMs('2026-03-10')).toBe(Date.UTC(2026, 2, 11, 3));
    // Month and year ends roll over.
    expect(dayEndExclusiveMs('2026-12-31')).toBe(Date.UTC(2027, 0, 1, 3));
    expect(dayStartMs('')).toBeNull();
    expect(dayStartMs('10/03/2026')).toBeNull();
  });

  it('reads the calendar day of an instant in the zone', () => {
    expect(dateInputOf(Date.UTC(2026, 2, 11, 2, 59))).toBe('2026-03-10');
    expect(dateInputOf(Date.UTC(2026, 2, 11, 3, 0))).toBe('2026-03-11');
  });
});

describe('trades filters', () => {
  it('falls back field by field from stored text', () => {
    expect(parseStoredFilters(null)).toEqual(DEFAULT_FILTERS);
    expect(parseStoredFilters('{not json')).toEqual(DEFAULT_FILTERS);
    expect(
      parseStoredFilters('{"magic":135000,"startDate":"yesterday","sort":"up","page":3}'),
    ).toEqual({ magic: 135000, startDate: '', endDate: '', sort: 'desc', page: 3 });
  });

  it('defaults the window to the last 365 calendar days, today included, open-ended', () => {
    expect(timeWindowOf(DEFAULT_FILTERS, NOW)).toEqual({
      from: Date.UTC(2025, 2, 16, 3),
      to: null,
    });
    expect(
      timeWindowOf({ ...DEFAULT_FILTERS, startDate: '2026-03-01', endDate: '2026-03-02' }, NOW),
    ).toEqual({ from: Date.UTC(2026, 2, 1, 3), to: Date.UTC(2026, 2, 3, 3) });
  });

  it('finds the dates inverted only when the end is before the start', () => {
    expect(datesInverted({ startDate: '2026-03-10', endDate: '2026-03-05' })).toBe(true);
    expect(datesInverted({ startDate: '2026-03-10', endDate: '2026-03-10' })).toBe(false);
    expect(datesInverted({ startDate: '2026-03-10', endDate: '' })).toBe(false);
    expect(datesInverted({ startDate: '', endDate: '2026-03-05' })).toBe(false);
  });

  it('ranks magics by frequency, the smaller first on a tie', () => {
    const list = [7, 5, 5, 9, 9, 7, 1].map((magic, i) => makeTrade(i, { magic }));
    expect(topMagics(list)).toEqual([5, 7]);
    expect(topMagics(list, 5)).toEqual([5, 7, 9, 1]);
    expect(topMagics([])).toEqual([]);
  });

  it('filters by window and magic and sorts by close time both ways', () => {
    const list = [0, 1, 2, 3].map((i) => makeTrade(i, { magic: i % 2 ? 1 : 2 }));
    const window = { from: list[2]?.close_time ?? 0, to: list[0]?.close_time ?? 0 };
    const ids = (rows: { position_id: string }[]) => rows.map((r) => r.position_id);
    expect(ids(applyFilters(list, DEFAULT_FILTERS, window))).toEqual(['9000001', '9000002']);
    expect(ids(applyFilters(list, { ...DEFAULT_FILTERS, sort: 'asc' }, window))).toEqual([
      '9000002',
      '9000001',
    ]);
    expect(
      ids(applyFilters(list, { ...DEFAULT_FILTERS, magic: 2 }, { from: 0, to: null })),
    ).toEqual(['9000000', '9000002']);
  });

  it('pages by 10 and pulls a stale page back into range', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 3)).toEqual([20, 21, 22]);
    expect(clampPage(5, 23)).toBe(3);
    expect(clampPage(4, 0)).toBe(1);
  });

  it('summarises net results, with a profit factor above 999 as infinity', () => {
    const rows = [100, -50, 0, 25].map((net, i) =>
      makeTrade(i, { net_profit: net, ...(i === 1 ? { fee: -1.25, swap: -0.75 } : {}) }),
    );
    expect(summarize(rows)).toEqual({
      total: 4,
      wins: 2,
      losses: 1,
      winRate: 50,
      net: 75,
      grossProfit: 125,
      grossLoss: -50,
      profitFactor: 2.5,
      // makeTrade's commission of -0.50 on each row, one fee of 1.25, swap on one row.
      fees: -2 - 1.25,
      swap: -0.75,
    });
    const capped = [999.5, -1].map((net, i) => makeTrade(i, { net_profit: net }));
    expect(summarize(capped).profitFactor).toBe(Number.POSITIVE_INFINITY);
    expect(summarize([]).profitFactor).toBe(0);
  });

  it("reads the server's totals as the same cards (a null profit factor is ∞)", () => {
    const totals = {
      count: 8_000,
      wins: 5_000,
      losses: 2_900,
      win_rate: 62.5,
      net_profit: 1_234.5,
      gross_profit: 10_000,
      gross_loss: -8_765.5,
      profit_factor: 10_000 / 8_765.5,
      commission: -4_000,
      fee: -12.5,
      swap: 3,
    };
    expect(summaryOfTotals(totals)).toEqual({
      total: 8_000,
      wins: 5_000,
      losses: 2_900,
      winRate: 62.5,
      net: 1_234.5,
      grossProfit: 10_000,
      grossLoss: -8_765.5,
      profitFactor: 10_000 / 8_765.5,
      fees: -4_012.5,
      swap: 3,
    });
    expect(summaryOfTotals({ ...totals, profit_factor: null }).profitFactor).toBe(Infinity);
    expect(summaryOfTotals({ ...totals, profit_factor: 1_000 }).profitFactor).toBe(Infinity);
  });
});

describe('trades CSV', () => {
  it('neutralises text a spreadsheet would run as a formula; a loss stays a number', () => {
    const line = (over: Partial<ClosedPositionRecord>) =>
      tradesCsv([makeTrade(0, { profit: -12.5, net_profit: -13, ...over })]).split('\r\n')[1];
    const tail = 'BUY,1,128000.00,128010.00,0h 25m,-12.50,-0.50,0.00,0.00,-13.00,135000,BRL';
    const times = '2026-03-15 05:35:00,2026-03-15 06:00:00';
    expect(line({ symbol: '=HYPERLINK("http://x","y")' })).toBe(
      `9000000,1,${times},"'=HYPERLINK(""http://x"",""y"")",${tail}`,
    );
    expect(line({ symbol: '+1' })).toBe(`9000000,1,${times},'+1,${tail}`);
    expect(line({ symbol: '@SUM(A1)' })).toBe(`9000000,1,${times},'@SUM(A1),${tail}`);
    expect(line({ symbol: '-2+3', position_id: '\t=1' })).toBe(`'\t=1,1,${times},'-2+3,${tail}`);
    expect(line({ symbol: 'a,b "c"' })).toBe(`9000000,1,${times},"a,b ""c""",${tail}`);
  });

  it('writes times in São Paulo, dot decimals and one line per row', () => {
    expect(csvTime(Date.UTC(2026, 2, 11, 2, 59, 7))).toBe('2026-03-10 23:59:07');
    const row = makeTrade(0, {
      symbol: 'EUR,USD',
      volume: 0.1 + 0.2,
      entry_price: 1.0823456,
      exit_price: 1.08301,
      profit: 1234.5,
      commission: -1.25,
      swap: 0.1,
      net_profit: 1233.35,
      open_time: Date.UTC(2026, 2, 15, 11, 35),
      close_time: Date.UTC(2026, 2, 15, 12, 0),
    });
    expect(tradesCsv([row]).split('\r\n')).toEqual([
      'position_id,round_trip,open_time,close_time,symbol,type,volume,entry_price,exit_price,duration,profit,commission,swap,fee,net_profit,magic,currency',
      '9000000,1,2026-03-15 08:35:00,2026-03-15 09:00:00,"EUR,USD",BUY,0.3,1.0823,1.0830,0h 25m,1234.50,-1.25,0.10,0.00,1233.35,135000,BRL',
      '',
    ]);
    // A USD account's fee (DEAL_FEE) and currency are on the line (issue 26).
    expect(tradesCsv([{ ...row, fee: -0.4, net_profit: 1232.95 }], 'USD').split('\r\n')[1]).toBe(
      '9000000,1,2026-03-15 08:35:00,2026-03-15 09:00:00,"EUR,USD",BUY,0.3,1.0823,1.0830,0h 25m,1234.50,-1.25,0.10,-0.40,1232.95,135000,USD',
    );
    expect(tradesCsv([])).toBe(
      'position_id,round_trip,open_time,close_time,symbol,type,volume,entry_price,exit_price,duration,profit,commission,swap,fee,net_profit,magic,currency\r\n',
    );
  });

  it('names the file trades_filtrados_{timestamp}.csv in São Paulo time', () => {
    // NOW is 15:00 UTC, 12:00 in São Paulo; 01:30 UTC on the 16th is still the 15th there.
    expect(tradesCsvName(NOW)).toBe('trades_filtrados_2026-03-15_12-00-00.csv');
    expect(tradesCsvName(Date.UTC(2026, 2, 16, 1, 30))).toBe(
      'trades_filtrados_2026-03-15_22-30-00.csv',
    );
  });
});
