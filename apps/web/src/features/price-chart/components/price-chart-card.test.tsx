import type { BridgeEvent } from '@vortex/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { traderUser } from '../../../test/session-fixtures';
import { LiveContext } from '../../../lib/live/live-context';
import type { LiveConnection } from '../../../lib/live/live-connection';
import { SessionContext } from '../../../lib/session/session-context';
import { priceChartTexts as t } from '../messages';
import { barsAnswer, m5Bars, T0, trade, tradesAnswer } from '../price-chart.fixtures';
import { PriceChartCard } from './price-chart-card';

// The canvas needs a real browser: the stand-in shows what it was given.
vi.mock('./candle-chart', () => ({
  CandleChart: (p: { candles: unknown[]; markers: unknown[]; theme: string }) => (
    <div data-testid="candle-chart">
      {`${p.candles.length} candles, ${p.markers.length} markers, ${p.theme}`}
    </div>
  ),
}));

const trades = [
  trade(1, { open: T0 + 30, close: T0 + 610 }),
  trade(2, { open: T0 - 7_200, close: T0 - 7_000, symbol: 'WDOZ25' }),
];

function liveStub() {
  const listeners = new Set<(e: BridgeEvent) => void>();
  const live = {
    getSnapshot: () => ({ status: 'open', events: [], received: 0 }),
    subscribe: () => () => undefined,
    onEvent: (l: (e: BridgeEvent) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as LiveConnection;
  return { live, emit: (e: BridgeEvent) => listeners.forEach((l) => l(e)) };
}

function renderCard(live = liveStub().live) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = {
    state: { status: 'authenticated' as const, token: 't', user: traderUser },
    signIn: () => undefined,
    signOut: () => undefined,
  };
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <LiveContext.Provider value={live}>{children}</LiveContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  return render(wrap(<PriceChartCard />));
}

/** The bars endpoint's answers, changeable between requests, and the queries it got. */
function api(answer: { bars: typeof m5Bars; requested?: boolean; trades?: typeof trades }) {
  const fake = fakeApi({
    'GET /bridge/trades': () => tradesAnswer(answer.trades ?? trades),
    'GET /api/market/bars': () => barsAnswer('WINZ25', answer.bars, answer.requested),
  });
  const barsQueries = () =>
    fake.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.pathname === '/api/market/bars')
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...fake, barsQueries };
}

describe('PriceChartCard', () => {
  it('draws the newest position’s symbol with its markers, on M5 by default', async () => {
    const a = api({ bars: m5Bars });
    renderCard();
    expect(screen.getByRole('status').textContent).toBe(t.loading);
    expect((await screen.findByTestId('candle-chart')).textContent).toBe(
      '12 candles, 2 markers, light',
    );
    screen.getByRole('figure', { name: t.titleOf('WINZ25') });
    screen.getByText(t.markersShown(1));
    screen.getByText(t.legend.buy);
    expect(a.barsQueries()).toEqual([{ symbol: 'WINZ25', timeframe: 'M5', limit: '300' }]);
  });

  it('asks for the timeframe the trader picks', async () => {
    const a = api({ bars: m5Bars });
    renderCard();
    await screen.findByTestId('candle-chart');
    fireEvent.click(screen.getByRole('button', { name: 'M15' }));
    await waitFor(() => expect(a.barsQueries().at(-1)?.timeframe).toBe('M15'));
    expect(screen.getByRole('button', { name: 'M15' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when there are no bars yet, and when the agent was asked for them', async () => {
    api({ bars: [] });
    const first = renderCard();
    await screen.findByText(t.noBars);
    first.unmount();
    api({ bars: [], requested: true });
    renderCard();
    await screen.findByText(t.requested('WINZ25'));
  });

  it('says why there is no chart without any recent position', async () => {
    api({ bars: [], trades: [] });
    renderCard();
    await screen.findByText(t.noSymbol);
  });

  it('shows a failed load with a retry', async () => {
    fakeApi({});
    renderCard();
    await screen.findByText(/Não foi possível carregar o gráfico de preço/);
    screen.getByRole('button', { name: t.retry });
  });

  it('reloads when the trader’s new deals arrive live', async () => {
    const a = api({ bars: m5Bars });
    const stub = liveStub();
    renderCard(stub.live);
    await screen.findByTestId('candle-chart');
    const before = a.barsQueries().length;
    act(() => {
      stub.emit({
        type: 'deals_added',
        id: 1,
        at: new Date().toISOString(),
        user_id: traderUser.id,
        account_number: 5_012_345,
        deals: [],
        count: 2,
      });
    });
    await waitFor(() => expect(a.barsQueries().length).toBeGreaterThan(before));
    expect(a.callsTo('/bridge/trades').length).toBeGreaterThan(1);
  });

  it('reloads the candles when new bars of the symbol shown arrive live, only those', async () => {
    const a = api({ bars: m5Bars });
    const stub = liveStub();
    renderCard(stub.live);
    await screen.findByTestId('candle-chart');
    const barsAdded = (symbol: string) => ({
      type: 'bars_added' as const,
      id: 2,
      at: new Date().toISOString(),
      user_id: traderUser.id,
      account_number: 5_012_345,
      symbol,
      timeframe: 'M1' as const,
      count: 1,
      last_time: T0,
    });
    const before = a.barsQueries().length;
    act(() => stub.emit(barsAdded('WDOZ25')));
    act(() => stub.emit(barsAdded('WINZ25')));
    await waitFor(() => expect(a.barsQueries().length).toBe(before + 1));
    expect(a.callsTo('/bridge/trades')).toHaveLength(1);
  });
});
