import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lastDaysWindow } from '@vortex/core';
import { FakeSocket } from '../../../test/fake-socket';
import { traderUser } from '../../../test/session-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  emptyStats,
  freezeClock,
  NOW,
  openStatistics,
  stats,
  statisticsApi,
} from '../statistics.fixtures';

/** The first instant of the last `days` São Paulo calendar days, today included. */
const windowStart = (days: number) => new Date(lastDaysWindow(days, NOW).from).toISOString();

// jsdom has no layout: a ResizeObserver that reports a chart-sized box lets recharts draw.
beforeEach(() => {
  freezeClock();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = { target, contentRect: { width: 560, height: 240 } };
        this.callback([entry as unknown as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
});

/** The value next to a label in the metric lists and cards, spaces normalised. */
const valueOf = (label: string) =>
  (
    screen.getByText(label).closest('dt')?.nextElementSibling ??
    screen.getByText(label).parentElement?.nextElementSibling
  )?.textContent.replace(/\s/g, ' ');
const preset = (name: string) => screen.getByRole('button', { name });
const lastStatsQuery = (api: ReturnType<typeof statisticsApi>) =>
  Object.fromEntries(api.queriesTo('/dashboard/stats').at(-1) ?? []);

describe("/statistics 'Estatísticas Reais MT5' (trading.md §2, §3, §8)", () => {
  it('asks for the last 30 days by default and shows the statistics object', async () => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    // The server reads the days as São Paulo calendar days, as every screen does.
    expect(lastStatsQuery(api)).toEqual({ days: '30' });
    expect(preset('30 dias').getAttribute('aria-pressed')).toBe('true');
    // The account's balance is known: the balance is real, not estimated.
    expect(valueOf('Saldo')).toBe('R$ 11.234,50');
    expect(screen.getByText('Inicial R$ 10.000,00, do saldo da conta')).toBeTruthy();
    expect(screen.queryByText('Saldo estimado')).toBeNull();
    expect(valueOf('Lucro líquido')).toBe('R$ 1.234,50');
    expect(screen.getByText('12,35% sobre o saldo inicial e os depósitos')).toBeTruthy();
    expect(valueOf('Taxa de acerto')).toBe('62,5%');
    expect(within(screen.getByTestId('statistics-headline')).getByText('1,85')).toBeTruthy();
    expect(valueOf('Drawdown máximo')).toBe('R$ 420,10 3,90%');
    expect(valueOf('Índice de Sharpe')).toBe('0,42');
    expect(valueOf('Índice de Sortino')).toBe('0,77');
    expect(valueOf('Volatilidade')).toBe('R$ 120,33');
    expect(valueOf('VaR 95%')).toBe('R$ 210,40');
    expect(valueOf('Índice de Calmar')).toBe('2,94');
    expect(valueOf('Fator de recuperação')).toBe('2,94');
    expect(valueOf('SQN')).toBe('1,62');
    // Issue 16: says what it counts, round trips (the MT5 statement counts closing deals).
    expect(valueOf('Total de trades')).toBe('40 idas e voltas');
    expect(screen.getByTitle('Conta idas e voltas (posição aberta e fechada)')).toBeTruthy();
    expect(valueOf('Trades vencedores')).toBe('25');
    expect(valueOf('Trades perdedores')).toBe('15');
    expect(valueOf('Ganho médio')).toBe('R$ 107,50');
    expect(valueOf('Perda média')).toBe('-R$ 96,87');
    expect(valueOf('Maior ganho')).toBe('R$ 410,00');
    expect(valueOf('Maior perda')).toBe('-R$ 305,25');
    expect(valueOf('Expectativa por trade')).toBe('R$ 30,86');
    expect(valueOf('Duração média')).toBe('0h 42m');
    expect(valueOf('Trades por dia')).toBe('1,3');
    expect(valueOf('Melhor dia')).toBe('12/03/2026 R$ 512,30');
    expect(valueOf('Melhor horário')).toBe('10h R$ 640,00');
    expect(valueOf('Máx. vitórias seguidas')).toBe('6');
    expect(valueOf('Máx. derrotas seguidas')).toBe('3');
    expect(screen.getByText('22 trades')).toBeTruthy();
    expect(screen.getByText('18 trades')).toBeTruthy();

    const symbols = screen.getByRole('region', { name: 'Top 5 ativos' });
    const symbolRows = within(symbols).getAllByRole('row').slice(1);
    expect(symbolRows.map((r) => r.textContent.replace(/\s/g, ' '))).toEqual([
      'WINH2628R$ 1.010,5064,3%',
      'WDOH2612R$ 224,0058,3%',
    ]);

    const daily = within(screen.getByRole('region', { name: 'Estatísticas diárias' }));
    expect(daily.getByRole('figure', { name: 'Resultado líquido por dia' })).toBeTruthy();
    const dailyRows = daily.getAllByRole('row').slice(1);
    // Newest day first; a day without a loss shows its profit factor as ∞.
    expect(dailyRows[0]?.textContent.replace(/\s/g, ' ')).toBe(
      '13/03/2026330100,0%R$ 150,00R$ 0,00R$ 150,00∞',
    );
    expect(within(dailyRows[1] ?? document.body).getByText('6,84')).toBeTruthy();
  });

  it.each([
    ['Hoje', 1],
    ['7 dias', 7],
    ['90 dias', 90],
    ['180 dias', 180],
  ])('preset %s asks for the last %i calendar days', async (name, days) => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    fireEvent.click(preset(name));
    await waitFor(() => {
      expect(lastStatsQuery(api)).toEqual({ days: String(days) });
    });
    expect(preset(name).getAttribute('aria-pressed')).toBe('true');
    // The magic options follow the same period.
    const trades = api.queriesTo('/bridge/trades').at(-1);
    expect(trades?.get('start_date')).toBe(windowStart(days));
  });

  it('takes 1–365 typed days and ignores anything outside', async () => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    const input = screen.getByLabelText('Dias (1–365)');
    fireEvent.change(input, { target: { value: '365' } });
    await screen.findByText('Últimos 365 dias');
    expect(lastStatsQuery(api).days).toBe('365');
    const asked = api.queriesTo('/dashboard/stats').length;
    for (const bad of ['0', '366', '-5', '2.5', 'abc']) {
      fireEvent.change(input, { target: { value: bad } });
    }
    expect(screen.getByText('Últimos 365 dias')).toBeTruthy();
    expect(api.queriesTo('/dashboard/stats')).toHaveLength(asked);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('offers the 5 most frequent magics of the period and filters by one', async () => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    const select = screen.getByLabelText('Magic');
    await waitFor(() => {
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Todos', '136000', '137000', '138000', '139000', '140000']);
    });
    fireEvent.change(select, { target: { value: '137000' } });
    await waitFor(() => {
      expect(lastStatsQuery(api).magic).toBe('137000');
    });
  });

  it('labels the balance an estimate from the 10000 base when the account’s is unknown', async () => {
    statisticsApi({ ...stats, balance_basis: { source: 'estimate', initial_balance: 10_000 } });
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    expect(valueOf('Saldo estimado')).toBe('R$ 11.234,50');
    expect(
      screen.getByText('Estimativa: sem o saldo da conta, parte de R$ 10.000,00'),
    ).toBeTruthy();
  });

  it("shows 'Nenhuma Estatística Disponível' with zero trades", async () => {
    statisticsApi(emptyStats);
    await openStatistics();
    expect(await screen.findByText('Nenhuma Estatística Disponível')).toBeTruthy();
    expect(screen.queryByText('Saldo estimado')).toBeNull();
  });

  it("shows 'MT5 Real Data Error: …' and loads again on retry", async () => {
    let fail = true;
    statisticsApi(stats, {
      'GET /dashboard/stats': () =>
        fail
          ? json({ success: false, error: 'Conta sem dados MT5' }, { status: 502 })
          : json({ success: true, data: stats }),
    });
    await openStatistics();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('MT5 Real Data Error: Conta sem dados MT5');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Últimos 30 dias');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'HTTP {status}' without a reason and 'Erro de conexão: …' offline", async () => {
    let offline = false;
    statisticsApi(stats, {
      'GET /dashboard/stats': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return new Response('', { status: 500 });
      },
    });
    await openStatistics();
    expect((await screen.findByRole('alert')).textContent).toContain('HTTP 500');
    offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toContain('Erro de conexão: Failed to fetch');
    });
  });

  it('loads again when the live channel says this trader stored new deals', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const api = statisticsApi(stats, {
      'POST /api/bridge/events/ticket': () =>
        json({ success: true, ticket: 't'.repeat(43), expires_at: new Date().toISOString() }),
    });
    await openStatistics();
    await screen.findByText('Últimos 30 dias');
    await waitFor(() => {
      expect(FakeSocket.all.at(-1)?.onmessage).toBeTruthy();
    });
    const socket = FakeSocket.all.at(-1) as FakeSocket;
    const before = api.callsTo('/dashboard/stats').length;
    const event = {
      at: new Date().toISOString(),
      type: 'deals_added',
      account_number: 1,
      deals: [],
      count: 2,
    };
    // Someone else's deals change nothing here: the trader's own event, later on the same socket,
    // is the barrier. Once its reload is seen, a reload for the other would have been asked too.
    act(() => {
      socket.receive({ ...event, id: 1, user_id: traderUser.id + 1 });
    });
    act(() => {
      socket.receive({ ...event, id: 2, user_id: traderUser.id });
    });
    await waitFor(() => {
      expect(api.callsTo('/dashboard/stats').length).toBeGreaterThan(before);
    });
    expect(api.callsTo('/dashboard/stats')).toHaveLength(before + 1);
  });
});
