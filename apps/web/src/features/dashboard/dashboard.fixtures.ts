import { endpoints } from '@vortex/core';
import { screen } from '@testing-library/react';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { seedSession, traderUser } from '../../test/session-fixtures';

const NOW_S = Math.floor(Date.now() / 1000);

export const onlineStatus = {
  success: true,
  connected: true,
  mt5_connected: true,
  bridge_connected: true,
  account: 4_812_337,
  login: 4_812_337,
  server: 'Vortex-Demo',
  source: 'bridge',
};
export const offlineStatus = {
  ...onlineStatus,
  connected: false,
  mt5_connected: false,
  bridge_connected: false,
  account: null,
  login: null,
  server: null,
};

export function claim(lastSeen = new Date().toISOString()) {
  return {
    id: '5c7e1a90-1b2c-4d3e-8f90-123456789abc',
    user_id: traderUser.id,
    token_prefix: 'Kw0dWxu2',
    status: 'active',
    created_at: lastSeen,
    last_seen_at: lastSeen,
    last_hb_mt5_at: lastSeen,
    last_hb_mt5: true,
    primary_account_number: 4_812_337,
  };
}

export function position(ticket: number, over: Record<string, unknown> = {}) {
  const time = (over.time as number | undefined) ?? NOW_S - 600;
  return {
    ticket,
    symbol: 'WINZ25',
    type: 0,
    volume: 1,
    price_open: 125_430,
    sl: 125_200,
    tp: 125_900,
    price_current: 125_510,
    profit: 16,
    swap: 0,
    magic: 135_000,
    time,
    time_msc: time * 1000,
    comment: '',
    ...over,
  };
}

export function order(id: number, over: Record<string, unknown> = {}) {
  return {
    order: id,
    symbol: 'WINZ25',
    type: 2,
    volume_initial: 2,
    price_open: 125_100,
    sl: 0,
    tp: 0,
    magic: 136_000,
    time_setup: NOW_S - 300,
    comment: '',
    ...over,
  };
}

export const positionsSnapshot = (
  positions: unknown[] = [position(90_001)],
  orders: unknown[] = [order(70_001)],
) => ({ success: true, positions, orders, updated_at: new Date().toISOString() });

function day(date: string, netProfit: number, over: Record<string, unknown> = {}) {
  return {
    date,
    trades: 4,
    wins: netProfit > 0 ? 3 : 1,
    losses: netProfit > 0 ? 1 : 3,
    breakeven: 0,
    grossProfit: Math.max(netProfit, 0) + 50,
    grossLoss: -50 + Math.min(netProfit, 0),
    netProfit,
    winRate: netProfit > 0 ? 75 : 25,
    profitFactor: 2,
    ...over,
  };
}

export const statistics = {
  balance: 51_250.5,
  profit: 1_250.5,
  profit_percentage: 2.5,
  win_rate: 62.5,
  profit_factor: 1.85,
  max_drawdown: 320,
  max_drawdown_percent: 0.64,
  sharpe_ratio: 0.4,
  total_trades: 40,
  winning_trades: 25,
  losing_trades: 15,
  average_win: 110,
  average_loss: -100,
  largest_win: 380,
  largest_loss: -210,
  volatility: 95,
  var_95: 150,
  calmar_ratio: 1.2,
  avg_duration: '0h 25m',
  avg_duration_ms: 1_500_000,
  best_day: { date: '2025-03-07', profit: 420 },
  best_hour: { hour: 13, profit: 600 },
  trades_per_day: 4,
  symbols: [{ symbol: 'WINZ25', trades: 40, profit: 1_250.5, win_rate: 62.5 }],
  gross_profit: 2_750.5,
  gross_loss: -1_500,
  sortino_ratio: 0.6,
  expectancy: 31.26,
  sqn: 1.1,
  recovery_factor: 3.9,
  max_consecutive_wins: 5,
  max_consecutive_losses: 3,
  long_trades: 22,
  long_win_rate: 63.6,
  short_trades: 18,
  short_win_rate: 61.1,
};

function equityCurve(count: number) {
  const start = Date.UTC(2025, 2, 10, 12, 0, 0) - count * 3_600_000;
  let cumulative = 0;
  return Array.from({ length: count }, (_, i) => {
    cumulative += i % 3 === 0 ? -40 : 75;
    const timestamp = start + i * 3_600_000;
    return {
      date: new Date(timestamp - 3 * 3_600_000).toISOString().slice(0, 10),
      equity: 50_000 + cumulative,
      balance: 50_000 + cumulative,
      cumulative_profit: cumulative,
      timestamp,
    };
  });
}

export function closed(positionId: string, net: number) {
  const close = Date.UTC(2025, 2, 10, 13, 30);
  return {
    position_id: positionId,
    round_trip: 1,
    symbol: 'WINZ25',
    magic: 135_000,
    type: net >= 0 ? 'BUY' : 'SELL',
    volume: 1,
    entry_price: 125_300,
    exit_price: 125_380,
    open_time: close - 1_500_000,
    close_time: close,
    duration: '0h 25m',
    profit: net,
    commission: 0,
    swap: 0,
    net_profit: net,
    exit_reason: net >= 0 ? 'TP' : 'SL',
    status: 'closed',
    is_complete: true,
  };
}

const labels = [
  ['Abaixo de -100', null, -100, 2],
  ['-100 a -50', -100, -50, 4],
  ['-50 a -25', -50, -25, 5],
  ['-25 a 0', -25, 0, 4],
  ['0 a 25', 0, 25, 6],
  ['25 a 50', 25, 50, 8],
  ['50 a 100', 50, 100, 7],
  ['Acima de 100', 100, null, 4],
] as const;

export function overview(over: Record<string, unknown> = {}) {
  return {
    statistics,
    today: day('2025-03-10', 184.5, { trades: 5, wins: 4, losses: 1, winRate: 80 }),
    last_7_days: {
      total_profit: 640.25,
      win_rate: 58.3,
      best_day: day('2025-03-07', 420),
      worst_day: day('2025-03-05', -180.75),
      positive_days: 4,
      negative_days: 1,
      days: [day('2025-03-05', -180.75), day('2025-03-07', 420)],
    },
    equity_curve: equityCurve(30),
    balance_basis: { source: 'account', initial_balance: 50_000 },
    hourly: Array.from({ length: 10 }, (_, i) => ({
      hour: 9 + i,
      net: (i - 3) * 25,
      pnl: (i - 3) * 25,
      trades: i + 1,
    })),
    histogram: labels.map(([label, from, to, count]) => ({ label, from, to, count })),
    last_closed: ['81005', '81004', '81003', '81002', '81001', '81000'].map((id, i) =>
      closed(id, i % 2 === 0 ? 42.5 : -18),
    ),
    ...over,
  };
}

export const emptyOverview = () =>
  overview({
    statistics: { ...statistics, total_trades: 0, winning_trades: 0, losing_trades: 0, profit: 0 },
    today: null,
    equity_curve: [],
    last_closed: [],
  });

export const realtime = {
  success: true,
  data: {
    connection_status: {
      mt5_connected: true,
      bridge_connected: true,
      account: 4_812_337,
      server: 'Vortex-Demo',
    },
    account_info: {
      balance: 51_250.5,
      equity: 51_266.5,
      profit: 16,
      margin: 1_200,
      free_margin: 50_066.5,
      margin_level: 4272.2,
    },
    positions: [],
    performance: {
      win_rate: 62.5,
      profit_factor: 1.85,
      max_drawdown: 320,
      total_trades: 40,
      daily_profit: 184.5,
      daily_trades: 5,
      total_profit: 1_250.5,
    },
    market_status: { is_open: true },
  },
};

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** A trader past onboarding, connected, with data unless the handlers say otherwise. */
export function dashboardApi(handlers: Record<string, Handler> = {}) {
  seedSession(traderUser);
  localStorage.setItem('onboarding_completed_full', 'true');
  return fakeApi({
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.mt5.status.path}`]: () => json(onlineStatus),
    [`GET ${endpoints.bridge.myBridges.path}`]: () => json({ success: true, items: [claim()] }),
    [`GET ${endpoints.trading.overview.path}`]: () => json({ success: true, data: overview() }),
    [`GET ${endpoints.trading.realtime.path}`]: () => json(realtime),
    [`GET ${endpoints.trading.positions.path}`]: () => json(positionsSnapshot()),
    ...handlers,
  });
}

export async function openDashboard() {
  const app = renderApp('/dashboard');
  // The first visit loads the route's chunk: give it more than findBy's default second.
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
  return app;
}
