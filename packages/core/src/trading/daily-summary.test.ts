import { describe, expect, it } from 'vitest';
import { dailyStats } from './daily-stats.js';
import { lastDaysSummary, todayStats } from './daily-summary.js';

// Closes at 15:00 UTC (12:00 in São Paulo) on the given days of May 2024.
const at = (day: number, net: number) => ({
  symbol: 'WINM24',
  profit: net,
  commission: 0,
  swap: 0,
  open_time: Date.UTC(2024, 4, day, 14),
  close_time: Date.UTC(2024, 4, day, 15),
});

// May 1 (outside the window), then May 6..10 with one flat day.
const daily = dailyStats([
  at(1, 500),
  at(6, 40),
  at(6, -10),
  at(7, -60),
  at(8, 0),
  at(9, 25),
  at(10, 100),
  at(10, -20),
]);

describe('lastDaysSummary', () => {
  it('summarises the 7 local days ending today', () => {
    const summary = lastDaysSummary(daily, '2024-05-10');
    expect(summary.days.map((d) => d.date)).toEqual([
      '2024-05-06',
      '2024-05-07',
      '2024-05-08',
      '2024-05-09',
      '2024-05-10',
    ]);
    expect(summary.total_profit).toBe(75);
    expect(summary.win_rate).toBeCloseTo((3 / 7) * 100, 12);
    expect(summary.best_day?.date).toBe('2024-05-10');
    expect(summary.worst_day?.date).toBe('2024-05-07');
    expect(summary.positive_days).toBe(3);
    expect(summary.negative_days).toBe(1);
  });

  it('a window with no trades: zeros and no best or worst day', () => {
    expect(lastDaysSummary(daily, '2024-06-30')).toEqual({
      total_profit: 0,
      win_rate: 0,
      best_day: null,
      worst_day: null,
      positive_days: 0,
      negative_days: 0,
      days: [],
    });
  });

  it('days after today are not in the window', () => {
    expect(lastDaysSummary(daily, '2024-05-07').days.map((d) => d.date)).toEqual([
      '2024-05-01',
      '2024-05-06',
      '2024-05-07',
    ]);
  });
});

describe('todayStats', () => {
  it('is the day with that key, or null', () => {
    expect(todayStats(daily, '2024-05-10')).toMatchObject({ trades: 2, netProfit: 80 });
    expect(todayStats(daily, '2024-05-11')).toBeNull();
  });
});
