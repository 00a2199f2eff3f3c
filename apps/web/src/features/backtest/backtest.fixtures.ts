import {
  defaultBotConfig,
  endpoints,
  INITIAL_BALANCE,
  statisticsRecord,
  type BacktestResponse,
  type BotConfig,
  type ClosedPositionRecord,
} from '@vortex/core';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { seedSession, traderUser } from '../../test/session-fixtures';

export const NOW = Date.UTC(2026, 2, 15, 15, 0, 0);
const HOUR = 3_600_000;

/** Freezes Date at NOW (timers stay real, so react-query and waitFor run as usual). */
export function freezeClock(at = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

export const savedConfig = (): BotConfig => {
  const c = defaultBotConfig();
  c.general.symbol = 'WINJ26';
  c.general.timeframe = 'M5';
  c.tema_crossover.enabled = false;
  return c;
};

/** A closed trade of the strategy with `magic`, closing `i` hours after 10 March 10:00 UTC. */
export function trade(i: number, magic: number, net: number): ClosedPositionRecord {
  const close = Date.UTC(2026, 2, 10, 13) + i * HOUR;
  return {
    position_id: String(i + 1),
    round_trip: 1,
    symbol: 'WINJ26',
    magic,
    type: i % 2 === 0 ? 'BUY' : 'SELL',
    volume: 1,
    entry_price: 130_000,
    exit_price: 130_000 + net * 5,
    open_time: close - 30 * 60_000,
    close_time: close,
    duration: '0h 30m',
    profit: net,
    commission: 0,
    swap: 0,
    net_profit: net,
    exit_reason: net > 0 ? 'TP' : 'SL',
    status: 'closed',
    is_complete: true,
  };
}

/** A fibonacci win, a DI crossover loss and an advanced DI win: 3 trades, R$ 150,00 net. */
export const threeTrades = [trade(0, 135000, 200), trade(1, 136000, -100), trade(2, 137000, 50)];

export function answer(
  trades: ClosedPositionRecord[] = threeTrades,
  overrides: Partial<BacktestResponse> = {},
): BacktestResponse {
  return {
    success: true,
    source: 'stored',
    bars: 12_345,
    first_bar_time: Date.UTC(2025, 11, 15, 12) / 1000,
    last_bar_time: Date.UTC(2026, 2, 13, 20) / 1000,
    trades,
    statistics: statisticsRecord(trades, { initialBalance: INITIAL_BALANCE }),
    skipped: { daily_limit: 4, position_open: 17 },
    ...overrides,
  };
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** Logged in as a trader with the saved configuration above; every backtest answers `answer()`. */
export function backtestApi(handlers: Record<string, Handler> = {}) {
  seedSession(traderUser);
  return fakeApi({
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.bot.config.path}`]: () => json({ success: true, config: savedConfig() }),
    [`POST ${endpoints.backtest.run.path}`]: () => json(answer()),
    ...handlers,
  });
}

export async function openBacktest() {
  const app = renderApp('/backtest');
  await screen.findByRole('heading', { level: 1, name: 'Backtest' }, { timeout: 5000 });
  await screen.findByText('Configuração A (salva)', {}, { timeout: 4000 });
  return app;
}
