import {
  endpoints,
  type ClosedPositionRecord,
  type DashboardStatsResponseSchema,
} from '@vortex/core';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { z } from 'zod';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { seedSession, traderUser } from '../../test/session-fixtures';

type Stats = z.infer<typeof DashboardStatsResponseSchema>['data'];

export const NOW = Date.UTC(2026, 2, 15, 15, 0, 0);

/** Freezes Date at NOW (timers stay real, so react-query and waitFor run as usual). */
export function freezeClock(at = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

export const stats: Stats = {
  balance: 11_234.5,
  profit: 1_234.5,
  profit_percentage: 12.345,
  win_rate: 62.5,
  profit_factor: 1.85,
  max_drawdown: 420.1,
  max_drawdown_percent: 3.9,
  sharpe_ratio: 0.42,
  total_trades: 40,
  winning_trades: 25,
  losing_trades: 15,
  average_win: 107.5,
  average_loss: -96.87,
  largest_win: 410,
  largest_loss: -305.25,
  volatility: 120.33,
  var_95: 210.4,
  calmar_ratio: 2.94,
  avg_duration: '0h 42m',
  avg_duration_ms: 42 * 60_000,
  best_day: { date: '2026-03-12', profit: 512.3 },
  best_hour: { hour: 10, profit: 640 },
  trades_per_day: 1.3333,
  symbols: [
    { symbol: 'WINH26', trades: 28, profit: 1010.5, win_rate: 64.29 },
    { symbol: 'WDOH26', trades: 12, profit: 224, win_rate: 58.33 },
  ],
  gross_profit: 2_687.5,
  gross_loss: -1_453,
  sortino_ratio: 0.77,
  expectancy: 30.86,
  sqn: 1.62,
  recovery_factor: 2.94,
  max_consecutive_wins: 6,
  max_consecutive_losses: 3,
  long_trades: 22,
  long_win_rate: 68.18,
  short_trades: 18,
  short_win_rate: 55.56,
  daily_stats: [
    {
      date: '2026-03-12',
      trades: 5,
      wins: 4,
      losses: 1,
      breakeven: 0,
      grossProfit: 600,
      grossLoss: -87.7,
      netProfit: 512.3,
      winRate: 80,
      profitFactor: 6.84,
    },
    {
      date: '2026-03-13',
      trades: 3,
      wins: 3,
      losses: 0,
      breakeven: 0,
      grossProfit: 150,
      grossLoss: 0,
      netProfit: 150,
      winRate: 100,
      profitFactor: null,
    },
  ],
  balance_basis: { source: 'account', initial_balance: 10_000 },
};

export const emptyStats: Stats = {
  ...stats,
  balance: 10_000,
  profit: 0,
  profit_percentage: 0,
  win_rate: 0,
  profit_factor: 0,
  total_trades: 0,
  winning_trades: 0,
  losing_trades: 0,
  symbols: [],
  best_day: null,
  best_hour: null,
  daily_stats: [],
  balance_basis: { source: 'estimate', initial_balance: 10_000 },
};

/** Closed trades whose magics are 1..7 with frequencies 7, 6, 5, 4, 3, 2, 1. */
export const magicTrades: Pick<ClosedPositionRecord, 'magic'>[] = [1, 2, 3, 4, 5, 6, 7].flatMap(
  (magic) => Array.from({ length: 8 - magic }, () => ({ magic: 135000 + magic * 1000 })),
);

type Handler = (call: FakeCall, query: URLSearchParams) => Response | Promise<Response>;

/** Logged in as a trader; /dashboard/stats answers `answer`, /bridge/trades the magics above. */
export function statisticsApi(answer: Stats = stats, handlers: Record<string, Handler> = {}) {
  seedSession(traderUser);
  const trade = (magic: number, i: number) => ({
    position_id: String(i + 1),
    round_trip: 1,
    symbol: 'WINH26',
    magic,
    type: 'BUY',
    volume: 1,
    entry_price: 1,
    exit_price: 2,
    open_time: NOW - 3_600_000,
    close_time: NOW - 60_000,
    duration: '0h 59m',
    profit: 1,
    commission: 0,
    swap: 0,
    net_profit: 1,
    exit_reason: 'EXPERT',
    status: 'closed',
    is_complete: true,
  });
  const base: Record<string, Handler> = {
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.trading.stats.path}`]: () => json({ success: true, data: answer }),
    [`GET ${endpoints.trading.trades.path}`]: () =>
      json({
        success: true,
        trades: magicTrades.map((t, i) => trade(t.magic, i)),
        total: magicTrades.length,
        account: 5012345,
        data_source: 'bridge',
        processing_info: { deals_processed: magicTrades.length * 2 },
      }),
    ...handlers,
  };
  const urls: URL[] = [];
  const api = fakeApi(
    Object.fromEntries(
      Object.entries(base).map(([key, handler]) => [
        key,
        (call: FakeCall) => handler(call, (urls.at(-1) ?? new URL('http://x')).searchParams),
      ]),
    ),
  );
  // fakeApi calls the handler synchronously inside fetch, so the last URL is this call's.
  const record = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return record ? record(input, init) : json({}, { status: 404 });
  });
  return {
    ...api,
    queriesTo: (path: string) => urls.filter((u) => u.pathname === path).map((u) => u.searchParams),
  };
}

export async function openStatistics() {
  const app = renderApp('/statistics');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Estatísticas Reais MT5' },
    { timeout: 5000 },
  );
  return app;
}
