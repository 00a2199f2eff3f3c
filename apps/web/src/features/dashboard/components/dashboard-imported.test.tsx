import { endpoints } from '@vortex/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { dashboardApi, openDashboard, overview } from '../dashboard.fixtures';

/** The server's hours for a dollar account: all 24 (hoursShown), one trade at 3:00. */
const aroundTheClock = Array.from({ length: 24 }, (_, hour) => ({
  hour,
  net: hour === 3 ? 12.5 : 0,
  pnl: hour === 3 ? 12.5 : 0,
  trades: hour === 3 ? 1 : 0,
}));

// jsdom has no layout: a ResizeObserver that reports a chart-sized box lets recharts draw.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = { target, contentRect: { width: 560, height: 260 } };
        this.callback([entry as unknown as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});

const FIRST = Date.parse('2022-01-03T15:00:00Z');
const LAST = Date.parse('2023-12-30T15:00:00Z');

/** A USD account only an import ever fed, its deals from `first` to `last`. */
function importedAccount(first: number, last: number) {
  return {
    [`GET ${endpoints.accounts.list.path}`]: () =>
      json({
        success: true,
        data: {
          accounts: [
            {
              id: 7,
              kind: 'imported',
              account_number: 4000084439,
              server: 'Darwinex-Live',
              company: 'Tradeslide Trading Tech Limited',
              currency: 'USD',
              last_hello_at: null,
              last_import: {
                at: '2026-11-28T17:05:00.000Z',
                file_name: 'ReportHistory-4000084439.xlsx',
                from: first,
                to: last,
              },
            },
          ],
          current_id: 7,
        },
      }),
    [`GET ${endpoints.trading.historySpan.path}`]: () =>
      json({ success: true, first_deal_at: first, last_deal_at: last }),
  };
}

const overviewUrls = (api: ReturnType<typeof dashboardApi>) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : input))
    .filter((u) => u.pathname === endpoints.trading.overview.path);
const card = (label: string) => screen.queryByRole('group', { name: label });

describe('the dashboard of an imported account (issue 26)', { timeout: 15_000 }, () => {
  it('opens on its whole history when its data is years old, and says how old', async () => {
    const api = dashboardApi({
      ...importedAccount(FIRST, LAST),
      'GET /dashboard/overview': () =>
        json({ success: true, data: overview({ hourly: aroundTheClock }) }),
    });
    await openDashboard();
    expect(await screen.findByText('Dados de 03/01/2022 a 30/12/2023')).toBeTruthy();
    await screen.findByRole('group', { name: 'Lucro líquido' });
    // Asked from the history's first day, never for the empty last 30 days.
    const urls = overviewUrls(api);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      expect(u.searchParams.get('start')).toBe('1970-01-01');
      // Up to its last deal's day, so the hourly chart's 7 days are the account's last ones.
      expect(u.searchParams.get('end')).toBe('2023-12-30');
      expect(u.searchParams.has('days')).toBe(false);
    }
    // Its amounts in its own currency.
    expect(within(card('Lucro líquido') as HTMLElement).getByTestId('stat-value').textContent).toBe(
      'US$\u00a01.250,50',
    );
    // Nothing live: no open book, margin, today, bot or switch to 'Ao vivo'.
    await screen.findByText('Todo o histórico da conta', {}, { timeout: 5000 });
    for (const label of [
      'Posições abertas',
      'Margem usada',
      'PnL diário',
      'Taxa de acerto hoje',
      'Fator de lucro hoje',
    ]) {
      expect(card(label)).toBeNull();
    }
    expect(screen.getByRole('group', { name: /^Saldo/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Ao vivo' })).toBeNull();
    expect(screen.queryByText(/atualizados ao vivo/)).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Posições abertas e ordens pendentes' }),
    ).toBeNull();
    expect(screen.queryByRole('region', { name: 'Resumo dos últimos 7 dias' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Parar bot|Iniciar bot/ })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Curva de capital' })).toBeTruthy();
    // Forex hours around the clock, as the server sent them, over the account's last 7 days.
    const hourly = screen.getByRole('figure', { name: 'Desempenho por hora (0:00–23:00)' });
    expect(
      within(hourly).getByText(
        'Últimos 7 dias da conta, por hora de fechamento no horário de Brasília',
      ),
    ).toBeTruthy();
    // The histogram's buckets are in dollars too, as its hint says.
    expect(screen.getByText('Operações por faixa de resultado líquido (US$)')).toBeTruthy();
    expect(screen.queryByText(/R\$/)).toBeNull();
  });

  it('keeps the live window and today for recent data, still without live controls', async () => {
    const now = Date.now();
    const api = dashboardApi(importedAccount(now - 20 * 86_400_000, now - 60_000));
    await openDashboard();
    await screen.findByRole('group', { name: 'PnL diário' });
    await waitFor(() => {
      expect(overviewUrls(api).length).toBeGreaterThan(0);
    });
    for (const u of overviewUrls(api)) expect(u.searchParams.has('start')).toBe(false);
    expect(screen.getByText(/^Dados de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}$/)).toBeTruthy();
    await screen.findByText('Últimos 30 dias da conta', {}, { timeout: 5000 });
    expect(card('Posições abertas')).toBeNull();
    expect(card('Margem usada')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Ao vivo' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Resumo dos últimos 7 dias' })).toBeTruthy();
  });

  it('a connected account keeps its live cards and switch, and asks for no span', async () => {
    const api = dashboardApi({
      'GET /dashboard/overview': () => json({ success: true, data: overview() }),
    });
    await openDashboard();
    await screen.findByRole('group', { name: 'Margem usada' });
    expect(card('Posições abertas')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Ao vivo' }, { timeout: 5000 })).toBeTruthy();
    const asked = api.fetchMock.mock.calls.map(([input]) =>
      String(input instanceof Request ? input.url : input),
    );
    expect(asked.some((u) => u.includes(endpoints.trading.historySpan.path))).toBe(false);
  });
});
