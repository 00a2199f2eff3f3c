import { describe, expect, it } from 'vitest';
import { dailyStats } from './daily-stats.js';
import type { PositionLike } from './position.js';

function closedAt(net: number, closeIso: string, commission = 0): PositionLike {
  const close = Date.parse(closeIso);
  return {
    symbol: 'WINM24',
    profit: net - commission,
    commission,
    swap: 0,
    open_time: close,
    close_time: close,
  };
}

const positions = [
  closedAt(30, '2024-05-09T15:00:00Z'),
  closedAt(-10, '2024-05-10T01:00:00Z', -2), // 22:00 on 9 May in São Paulo
  closedAt(0, '2024-05-09T18:00:00Z'),
  closedAt(12, '2024-05-10T12:00:00Z'),
  closedAt(8, '2024-05-10T13:00:00Z'),
];

describe('dailyStats', () => {
  it('buckets by the local calendar day in America/Sao_Paulo, oldest first', () => {
    expect(dailyStats(positions)).toEqual([
      {
        date: '2024-05-09',
        trades: 3,
        wins: 1,
        losses: 1,
        breakeven: 1,
        grossProfit: 30,
        grossLoss: -10,
        netProfit: 20,
        winRate: (1 / 3) * 100,
        profitFactor: 3,
      },
      {
        date: '2024-05-10',
        trades: 2,
        wins: 2,
        losses: 0,
        breakeven: 0,
        grossProfit: 20,
        grossLoss: 0,
        netProfit: 20,
        winRate: 100,
        profitFactor: Number.POSITIVE_INFINITY,
      },
    ]);
  });

  it('buckets by the UTC day when asked for UTC', () => {
    expect(dailyStats(positions, 'UTC').map((d) => [d.date, d.trades, d.netProfit])).toEqual([
      ['2024-05-09', 2, 30],
      ['2024-05-10', 3, 10],
    ]);
  });

  it('no positions, no days', () => {
    expect(dailyStats([])).toEqual([]);
  });
});
