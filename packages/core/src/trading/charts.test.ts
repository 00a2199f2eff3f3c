import { describe, expect, it } from 'vitest';
import { DASHBOARD_BASE_BALANCE } from './constants.js';
import { baseEndingAt, equityCurve } from './equity-curve.js';
import { profitHistogram } from './histogram.js';
import { hourlyBreakdown, hoursShown } from './hourly.js';
import { movingAverage, movingAverages } from './moving-average.js';
import type { PositionLike } from './position.js';

function closedAt(net: number, closeIso: string): PositionLike {
  const close = Date.parse(closeIso);
  return {
    symbol: 'WINM24',
    profit: net,
    commission: 0,
    swap: 0,
    open_time: close,
    close_time: close,
  };
}

describe('profitHistogram', () => {
  it('histogram boundaries: lower bound inclusive, upper bound exclusive', () => {
    const nets = [-100.01, -100, -50.5, -50, -25, -0.01, 0, 24.99, 25, 50, 99.99, 100, 1e6];
    const buckets = profitHistogram(nets.map((net) => ({ profit: net, commission: 0, swap: 0 })));
    expect(buckets.map((b) => [b.label, b.count])).toEqual([
      ['Abaixo de -100', 1],
      ['-100 a -50', 2],
      ['-50 a -25', 1],
      ['-25 a 0', 2],
      ['0 a 25', 2],
      ['25 a 50', 1],
      ['50 a 100', 2],
      ['Acima de 100', 2],
    ]);
    expect(buckets[0]).toMatchObject({ from: null, to: -100 });
    expect(buckets[7]).toMatchObject({ from: 100, to: null });
  });

  it('buckets the net, commission and swap included', () => {
    const [, , , minus25To0, zeroTo25] = profitHistogram([
      { profit: 1, commission: -1.5, swap: 0 },
    ]);
    expect([minus25To0?.count, zeroTo25?.count]).toEqual([1, 0]);
  });
});

describe('movingAverage', () => {
  it('moving averages 5 and 20 are null until enough points exist', () => {
    const values = Array.from({ length: 21 }, (_, i) => i + 1); // 1..21
    const { ma5, ma20 } = movingAverages(values);
    expect(ma5.slice(0, 6)).toEqual([null, null, null, null, 3, 4]);
    expect(ma5[20]).toBe(19); // (17 + 18 + 19 + 20 + 21) / 5
    expect(ma20.slice(18)).toEqual([null, 10.5, 11.5]);
  });

  it('a window longer than the series gives only nulls', () => {
    expect(movingAverage([1, 2, 3], 5)).toEqual([null, null, null]);
  });
});

describe('equityCurve', () => {
  const positions = [closedAt(-30, '2024-05-10T01:00:00Z'), closedAt(100, '2024-05-09T15:00:00Z')];

  it('equity curve runs from 10000 in close-time order with local dates', () => {
    expect(equityCurve(positions)).toEqual([
      {
        date: '2024-05-09',
        equity: 10_100,
        balance: 10_100,
        cumulative_profit: 100,
        timestamp: Date.parse('2024-05-09T15:00:00Z'),
      },
      {
        date: '2024-05-09',
        equity: 10_070,
        balance: 10_070,
        cumulative_profit: 70,
        timestamp: Date.parse('2024-05-10T01:00:00Z'),
      },
    ]);
  });

  it("the dashboard's curve starts from 50000", () => {
    const curve = equityCurve(positions, { base: DASHBOARD_BASE_BALANCE, timeZone: 'UTC' });
    expect(curve.map((p) => [p.date, p.equity])).toEqual([
      ['2024-05-09', 50_100],
      ['2024-05-10', 50_070],
    ]);
  });

  it('anchored to the account, it ends at the account’s balance', () => {
    const base = baseEndingAt(positions, 7_867);
    expect(base).toBe(7_797);
    expect(equityCurve(positions, { base }).at(-1)?.balance).toBe(7_867);
  });
});

describe('hourlyBreakdown', () => {
  it('buckets by São Paulo hour, 9–18, the 18 bucket holding the session to 18:25', () => {
    // São Paulo is UTC-3: 12:00Z is 09:00 there, 21:10Z is 18:10.
    const points = hourlyBreakdown([
      closedAt(5, '2024-05-10T11:59:00Z'), // 08:59: before the chart
      closedAt(7, '2024-05-10T12:00:00Z'), // 09:00
      closedAt(-2, '2024-05-10T12:59:59Z'), // 09:59
      closedAt(4, '2024-05-10T21:10:00Z'), // 18:10
      closedAt(1, '2024-05-10T21:25:00Z'), // 18:25, the session's last minute
      closedAt(9, '2024-05-10T22:00:00Z'), // 19:00: after the chart
    ]);
    expect(points.map((p) => p.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(points[0]).toEqual({ hour: 9, net: 5, pnl: 5, trades: 2 });
    expect(points[9]).toEqual({ hour: 18, net: 5, pnl: 5, trades: 2 });
    expect(points.slice(1, 9).every((p) => p.trades === 0 && p.net === 0)).toBe(true);
  });

  it('shows all 24 hours for an account outside B3 (a forex account in dollars)', () => {
    const trades = [
      closedAt(5, '2024-05-10T03:00:00Z'), // 00:00 in São Paulo
      closedAt(7, '2024-05-10T12:00:00Z'), // 09:00
      closedAt(-2, '2024-05-11T02:59:00Z'), // 23:59
    ];
    const points = hourlyBreakdown(trades, { hours: hoursShown('USD') });
    expect(points.map((p) => p.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(points.reduce((n, p) => n + p.trades, 0)).toBe(3);
    expect(points[0]).toEqual({ hour: 0, net: 5, pnl: 5, trades: 1 });
    expect(points[23]).toEqual({ hour: 23, net: -2, pnl: -2, trades: 1 });
    expect(hourlyBreakdown(trades, { hours: hoursShown('BRL') }).map((p) => p.hour)).toEqual([
      9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
  });

  it('reads another zone when asked', () => {
    const points = hourlyBreakdown([closedAt(3, '2024-05-10T09:30:00Z')], { timeZone: 'UTC' });
    expect(points[0]).toEqual({ hour: 9, net: 3, pnl: 3, trades: 1 });
  });
});
