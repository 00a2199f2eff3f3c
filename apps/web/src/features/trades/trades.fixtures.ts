import { endpoints, factorRecord, profitFactor, type ClosedPositionRecord } from '@vortex/core';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { seedSession, traderUser } from '../../test/session-fixtures';
import { summarize } from './utils/trades-filters';

/** The tests' "now": 15/03/2026 12:00 in São Paulo (UTC-3, no daylight saving since 2019). */
export const NOW = Date.UTC(2026, 2, 15, 15, 0, 0);
const HOUR = 3_600_000;

/** Freezes Date at NOW (timers stay real, so react-query and waitFor run as usual). */
export function freezeClock(at = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

export function makeTrade(
  i: number,
  over: Partial<ClosedPositionRecord> = {},
): ClosedPositionRecord {
  const close = NOW - (i + 1) * 6 * HOUR;
  const profit = i % 3 === 2 ? -(10 + i) : 20 + i;
  return {
    position_id: String(9_000_000 + i),
    round_trip: 1,
    symbol: i % 2 ? 'WDOH26' : 'WINH26',
    magic: i % 5 < 3 ? 135000 : i % 5 === 3 ? 136000 : i < 20 ? 137000 : 138000,
    type: i % 4 === 1 ? 'SELL' : 'BUY',
    volume: 1,
    entry_price: 128_000 + i * 5,
    exit_price: 128_010 + i * 5,
    open_time: close - 25 * 60_000,
    close_time: close,
    duration: '0h 25m',
    profit,
    commission: -0.5,
    swap: 0,
    net_profit: profit - 0.5,
    exit_reason: i % 4 === 0 ? 'TP' : 'EXPERT',
    status: 'closed',
    is_complete: true,
    ...over,
  };
}

/** 25 trades, newest first; magics 135000 ×15, 136000 ×5, 137000 ×4, 138000 ×1. */
export const trades: ClosedPositionRecord[] = Array.from({ length: 25 }, (_, i) => makeTrade(i));

export const tradesAnswer = (list: ClosedPositionRecord[]) => ({
  success: true,
  trades: list,
  total: list.length,
  account: 5012345,
  data_source: 'bridge',
  processing_info: { deals_processed: list.length * 2 },
});

/** What GET /trading/trades/totals answers for `list` (every position the server holds). */
export function totalsAnswer(list: readonly ClosedPositionRecord[], magic: number | null = null) {
  const mine = list.filter((t) => magic === null || t.magic === magic);
  const s = summarize(mine);
  return {
    success: true,
    totals: {
      count: s.total,
      wins: s.wins,
      losses: s.losses,
      win_rate: s.winRate,
      net_profit: s.net,
      gross_profit: s.grossProfit,
      gross_loss: s.grossLoss,
      profit_factor: factorRecord(profitFactor(s.grossProfit, s.grossLoss)),
      commission: mine.reduce((sum, t) => sum + t.commission, 0),
      fee: mine.reduce((sum, t) => sum + (t.fee ?? 0), 0),
      swap: s.swap,
    },
    account: 5012345,
  };
}

type Handler = (call: FakeCall, query: URLSearchParams) => Response | Promise<Response>;

/**
 * Logged in as a trader; GET /bridge/trades answers `list` and GET /trading/trades/totals its
 * totals (of the asked magic) unless a handler says otherwise.
 */
export function tradesApi(list = trades, handlers: Record<string, Handler> = {}) {
  seedSession(traderUser);
  const base: Record<string, Handler> = {
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.trading.trades.path}`]: () => json(tradesAnswer(list)),
    [`GET ${endpoints.trading.tradesTotals.path}`]: (_, query) =>
      json(totalsAnswer(list, query.has('magic') ? Number(query.get('magic')) : null)),
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

export async function openTrades() {
  const app = renderApp('/trades');
  // The first visit transforms the lazy route module: slower than findBy's default second.
  await screen.findByRole('heading', { level: 1, name: 'Trades Reais MT5' }, { timeout: 5000 });
  return app;
}

/** The body rows of the trades table. */
export const tableRows = () =>
  screen.getAllByRole('row').slice(1) as [HTMLElement, ...HTMLElement[]];
