import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  closed,
  dashboardApi,
  emptyOverview,
  offlineStatus,
  openDashboard,
  order,
  overview,
  position,
  positionsSnapshot,
} from '../dashboard.fixtures';

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

/** Every URL the screen asked for, query string included. */
const requestedUrls = (api: ReturnType<typeof dashboardApi>) =>
  api.fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input));
const nbsp = (text: string) => text.replace(/R\$ /g, 'R$\u00a0');
const card = (label: string) => screen.getByRole('group', { name: label });
const cardValue = (label: string) => within(card(label)).getByTestId('stat-value').textContent;
const openTable = () =>
  screen.findByRole('region', { name: 'Posições abertas e ordens pendentes' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('dashboard (trading.md §2 "Dashboard")', { timeout: 15_000 }, () => {
  it('shows the live banner, the seven cards, the table, the summaries and the charts', async () => {
    dashboardApi();
    await openDashboard();
    expect(await screen.findByText('Dados reais ao vivo')).toBeTruthy();
    expect(screen.getByText('Conta 4812337')).toBeTruthy();
    await waitFor(() => {
      expect(cardValue('Saldo')).toBe(nbsp('R$ 51.250,50'));
    });
    expect(cardValue('Posições abertas')).toBe('1');
    expect(within(card('Posições abertas')).getByText('1 ordem pendente')).toBeTruthy();
    expect(cardValue('PnL diário')).toBe(nbsp('R$ 184,50'));
    expect(within(card('PnL diário')).getByText('0,36% do saldo')).toBeTruthy();
    expect(cardValue('Taxa de acerto hoje')).toBe('80,0%');
    expect(within(card('Taxa de acerto hoje')).getByText('5 operações hoje')).toBeTruthy();
    // Issue 16: the trade counts say what they count (the MT5 statement counts closing deals).
    const note = 'Conta idas e voltas (posição aberta e fechada)';
    expect(within(card('Taxa de acerto hoje')).getByTitle(note)).toBeTruthy();
    expect(within(card('Lucro líquido')).getByTitle(note)).toBeTruthy();
    expect(cardValue('Fator de lucro hoje')).toBe('2,00');
    expect(within(card('Saldo')).getByText('Patrimônio R$ 51.266,50')).toBeTruthy();
    expect(cardValue('Lucro líquido')).toBe(nbsp('R$ 1.250,50'));
    expect(
      within(card('Lucro líquido')).getByText('25 ganhos · 15 perdas · bruto R$ 2.750,50'),
    ).toBeTruthy();
    expect(cardValue('Margem usada')).toBe(nbsp('R$ 1.200,00'));
    expect(within(card('Margem usada')).getByText('Livre R$ 50.066,50')).toBeTruthy();

    const table = await openTable();
    await waitFor(() => {
      expect(bodyRows(table)).toHaveLength(2);
    });
    const [pos, ord] = bodyRows(table) as [HTMLElement, HTMLElement];
    expect(within(pos).getByText('POS')).toBeTruthy();
    expect(within(pos).getByText('Compra')).toBeTruthy();
    expect(within(pos).getByText('125.430,00')).toBeTruthy();
    expect(within(pos).getByText('R$ 16,00')).toBeTruthy();
    expect(within(ord).getByText('ORD')).toBeTruthy();
    expect(within(ord).getByText('Compra limite')).toBeTruthy();
    expect(within(table).getByText(/^Atualizado às \d\d:\d\d:\d\d$/)).toBeTruthy();

    const last = screen.getByRole('region', { name: 'Últimas 5 operações fechadas' });
    expect(within(last).getAllByRole('listitem')).toHaveLength(5);
    const week = screen.getByRole('region', { name: 'Resumo dos últimos 7 dias' });
    expect(within(week).getByText('R$ 640,25')).toBeTruthy();
    expect(within(week).getByText('07/03/2025 · R$ 420,00')).toBeTruthy();
    expect(within(week).getByText('05/03/2025 · -R$ 180,75')).toBeTruthy();

    // The charts load in their own chunk.
    await screen.findByRole('figure', { name: 'Curva de capital' }, { timeout: 5000 });
    for (const title of [
      'Curva de capital',
      'Desempenho diário',
      'Distribuição de P&L',
      'Desempenho por hora (9:00–18:00)',
    ]) {
      expect(screen.getByRole('figure', { name: title })).toBeTruthy();
    }
    expect(screen.queryByRole('region', { name: 'Sem dados para exibir' })).toBeNull();
  });

  it('says an imported account is not connected instead of live, with its number and source', async () => {
    dashboardApi({
      'GET /api/accounts': () =>
        json({
          success: true,
          data: {
            accounts: [
              {
                id: 7,
                kind: 'imported',
                account_number: 541223056,
                server: 'FTMO-Server4',
                company: 'FTMO',
                currency: 'USD',
                last_hello_at: null,
                last_import: {
                  at: '2026-11-28T17:05:00.000Z',
                  file_name: 'ReportHistory-541223056.xlsx',
                  from: Date.parse('2022-01-03T15:00:00Z'),
                  to: Date.parse('2023-12-30T15:00:00Z'),
                },
              },
            ],
            current_id: 7,
          },
        }),
    });
    await openDashboard();
    // The header's badge says it too; the banner is the dashboard's status line.
    const banner = await waitFor(() => {
      const found = screen
        .getAllByRole('status')
        .find((el) => el.textContent.includes('Conta importada (não conectada)'));
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    expect(within(banner).getByText('Conta 541223056')).toBeTruthy();
    expect(
      within(banner).getByText(
        'Importada de ReportHistory-541223056.xlsx em 28/11/2026 14:05 · dados de 03/01/2022 a 30/12/2023',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Dados reais ao vivo')).toBeNull();
    // Nothing live to speak for (issue 26): no bridge status, no bot card, no 'Parar bot'.
    expect(screen.queryByRole('button', { name: /Parar bot|Iniciar bot/ })).toBeNull();
    expect(screen.queryByText(/Bridge conectada|MT5 logado|Assim que a bridge/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sem dados para exibir' })).toBeNull();
    // Its figures are there; the price chart, drawn from the agent's bars, is not.
    await screen.findByText('Curva de capital');
    expect(screen.queryByText(/Gráfico de preço/)).toBeNull();
  });

  it("shows '∞' for today's profit factor without losses", async () => {
    const today = { ...overview().today, losses: 0, wins: 5, profitFactor: null };
    dashboardApi({
      'GET /dashboard/overview': () => json({ success: true, data: overview({ today }) }),
    });
    await openDashboard();
    await waitFor(() => {
      expect(cardValue('Fator de lucro hoje')).toBe('∞');
    });
  });

  it('caps the table at 10 rows, positions (POS) before orders (ORD)', async () => {
    const positions = Array.from({ length: 7 }, (_, i) => position(90_100 + i));
    const orders = Array.from({ length: 5 }, (_, i) => order(70_100 + i));
    dashboardApi({
      'GET /dashboard/positions': () => json(positionsSnapshot(positions, orders)),
    });
    await openDashboard();
    const table = await openTable();
    await waitFor(() => {
      expect(bodyRows(table)).toHaveLength(10);
    });
    const tags = bodyRows(table).map((row) => within(row).getByText(/^(POS|ORD)$/).textContent);
    expect(tags).toEqual([...Array<string>(7).fill('POS'), ...Array<string>(3).fill('ORD')]);
    expect(within(table).getByText(/Mostrando 10 de 12/)).toBeTruthy();
  });

  it('refreshes the table without the cache', async () => {
    const api = dashboardApi();
    await openDashboard();
    const table = await openTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Atualizar sem cache' }));
    await waitFor(() => {
      const urls = requestedUrls(api).map(String);
      expect(urls.some((u) => u.endsWith('/dashboard/positions?no_cache=1'))).toBe(true);
    });
  });

  it('warns about positions open for more than 2 hours, listing their tickets', async () => {
    const old = Math.floor(Date.now() / 1000) - 3 * 3600;
    dashboardApi({
      'GET /dashboard/positions': () =>
        json(positionsSnapshot([position(90_201, { time: old }), position(90_202)], [])),
    });
    await openDashboard();
    expect(
      await screen.findByText(
        'Posições abertas há mais de 2 horas (possível cache desatualizado): #90201',
      ),
    ).toBeTruthy();
  });

  it('hides positions that already show among the recent closed trades', async () => {
    dashboardApi({
      'GET /dashboard/positions': () =>
        json(
          positionsSnapshot(
            // Opened before 81004 closed (13:30 UTC): the agent's snapshot is behind.
            [position(81_004, { time: Date.UTC(2025, 2, 10, 13, 0) / 1000 }), position(90_301)],
            [],
          ),
        ),
    });
    await openDashboard();
    const table = await openTable();
    expect(
      await within(table).findByText(
        '1 posição oculta: já consta entre as operações fechadas recentes.',
      ),
    ).toBeTruthy();
    expect(bodyRows(table)).toHaveLength(1);
    expect(within(table).getByText('90301')).toBeTruthy();
    expect(within(table).queryByText('81004')).toBeNull();
    expect(cardValue('Posições abertas')).toBe('1');
  });

  it('toggles the 5- and 20-point moving averages on the equity curve', async () => {
    dashboardApi();
    await openDashboard();
    const figure = await screen.findByRole(
      'figure',
      { name: 'Curva de capital' },
      { timeout: 5000 },
    );
    const lines = () => figure.querySelectorAll('.recharts-line').length;
    await waitFor(() => {
      expect(lines()).toBe(1);
    });
    const ma5 = within(figure).getByRole('button', { name: 'Média móvel 5' });
    const ma20 = within(figure).getByRole('button', { name: 'Média móvel 20' });
    expect(ma5.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(ma5);
    expect(ma5.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(lines()).toBe(2);
    });
    fireEvent.click(ma20);
    await waitFor(() => {
      expect(lines()).toBe(3);
    });
    fireEvent.click(ma5);
    await waitFor(() => {
      expect(lines()).toBe(2);
    });
  });

  it('draws the daily bars from zero, even for a day of one loss', async () => {
    const curve = [
      {
        date: '2025-03-07',
        equity: 50_020,
        balance: 50_020,
        cumulative_profit: 20,
        timestamp: Date.UTC(2025, 2, 7, 15),
      },
      {
        date: '2025-03-10',
        equity: 50_002.44,
        balance: 50_002.44,
        cumulative_profit: 2.44,
        timestamp: Date.UTC(2025, 2, 10, 15),
      },
    ];
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({ success: true, data: overview({ equity_curve: curve }) }),
    });
    await openDashboard();
    const daily = await screen.findByRole(
      'figure',
      { name: 'Desempenho diário' },
      { timeout: 5000 },
    );
    // Its axis reaches zero (a one-loss day drew -16 to -20, the bar hanging from the top).
    await waitFor(() => {
      expect(within(daily).getByText('0')).toBeTruthy();
    });
  });

  it('switches the charts to a historical period', async () => {
    const api = dashboardApi();
    await openDashboard();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Histórico' }, { timeout: 5000 }));
    const select = await screen.findByRole('combobox', { name: 'Período' });
    fireEvent.change(select, { target: { value: '90' } });
    // The server reads "last 90 days" as calendar days in São Paulo, as every screen does.
    await waitFor(() => {
      const ranged = requestedUrls(api).filter(
        (u) => u.pathname === '/dashboard/overview' && u.searchParams.has('days'),
      );
      expect(ranged.at(-1)?.searchParams.get('days')).toBe('90');
      expect(ranged.at(-1)?.searchParams.has('start')).toBe(false);
    });
  });
});

describe('dashboard without data (trading.md §2, §4)', { timeout: 15_000 }, () => {
  it('says the bridge is connected and awaits data, and forces a check past the cache', async () => {
    const api = dashboardApi({
      'GET /dashboard/overview': () => json({ success: true, data: emptyOverview() }),
      'GET /dashboard/positions': () => json(positionsSnapshot([], [])),
    });
    await openDashboard();
    expect(await screen.findByText('Nenhuma operação fechada encontrada')).toBeTruthy();
    const notice = await screen.findByRole('region', { name: 'Sem dados para exibir' });
    expect(within(notice).getByText('Bridge conectada, aguardando dados')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Saldo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Forçar verificação' }));
    await waitFor(() => {
      const urls = requestedUrls(api);
      expect(
        urls.some(
          (u) => u.pathname === '/dashboard/overview' && u.searchParams.get('no_cache') === '1',
        ),
      ).toBe(true);
    });
  });

  it('says the bridge is not paired when there is no claim', async () => {
    dashboardApi({
      'GET /api/mt5/status': () => json(offlineStatus),
      'GET /bridge/my-bridges': () => json({ success: true, items: [] }),
      'GET /dashboard/overview': () => json({ success: true, data: emptyOverview() }),
    });
    await openDashboard();
    expect(await screen.findByText('Bridge não pareada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verificar' })).toBeTruthy();
  });

  it('says MT5 is not connected when only the bridge is', async () => {
    dashboardApi({
      'GET /api/mt5/status': () => json({ ...offlineStatus, bridge_connected: true }),
      'GET /dashboard/overview': () => json({ success: true, data: emptyOverview() }),
    });
    await openDashboard();
    expect(await screen.findByText('MT5 não conectado')).toBeTruthy();
  });

  it('shows the bridge error banner for a bridge seen recently but not reachable', async () => {
    dashboardApi({
      'GET /api/mt5/status': () => json(offlineStatus),
      'GET /dashboard/overview': () => json({ success: true, data: emptyOverview() }),
    });
    await openDashboard();
    expect(await screen.findByText('Bridge encontrada, mas não acessível')).toBeTruthy();
    expect(await screen.findByText('Bridge indisponível')).toBeTruthy();
  });
});

describe('dashboard errors (trading.md §8)', { timeout: 15_000 }, () => {
  it('says the aggregates failed, with the load error', async () => {
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({ success: false, error: 'Banco indisponível' }, { status: 500 }),
    });
    await openDashboard();
    expect(
      await screen.findByText('Erro ao buscar dados agregados', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText('Erro ao carregar dados: Banco indisponível')).toBeTruthy();
    expect(screen.getByText('Nenhuma operação fechada encontrada')).toBeTruthy();
  });

  it('says the data is partial when the realtime figures fail', async () => {
    dashboardApi({
      'GET /dashboard/realtime': () => json({ success: false, error: 'x' }, { status: 503 }),
    });
    await openDashboard();
    expect(
      await screen.findByText(
        'Parcial: nem todos dados agregados disponíveis',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    // Without the account, the balance is the 50000 base plus the net profit (§9).
    expect(cardValue('Saldo estimado')).toBe(nbsp('R$ 51.250,50'));
    expect(cardValue('Margem usada')).toBe(nbsp('R$ 0,00'));
  });

  it("says 'Erro posições' when the positions call fails", async () => {
    dashboardApi({
      'GET /dashboard/positions': () =>
        json({ success: false, error: 'Sessão expirada' }, { status: 500 }),
    });
    await openDashboard();
    expect(await screen.findByText('Erro posições')).toBeTruthy();
    expect(screen.getByText('Sessão expirada')).toBeTruthy();
  });

  it('says the network lost both the positions and the orders', async () => {
    dashboardApi({
      'GET /dashboard/positions': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await openDashboard();
    expect(await screen.findByText('Erro rede posições')).toBeTruthy();
    expect(screen.getByText('Erro rede ordens')).toBeTruthy();
  });

  it('lists each closed position once, even when its round trips come as two rows', async () => {
    // A reversed position: round trips 2 and 1 of #782, as a server without the merge sent them.
    const reversed = { ...closed('782', 12), round_trip: 2 };
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({
          success: true,
          data: overview({
            last_closed: [
              closed('785', 10),
              reversed,
              closed('782', -4),
              closed('781', 3),
              closed('780', 2),
              closed('779', 1),
            ],
          }),
        }),
    });
    await openDashboard();
    const last = await screen.findByRole('region', { name: 'Últimas 5 operações fechadas' });
    expect(within(last).getAllByRole('listitem')).toHaveLength(5);
    expect(within(last).getAllByText(/#782$/)).toHaveLength(1);
    expect(within(last).getByText(/#779$/)).toBeTruthy();
  });

  it('says a merged reversed position turned from Compra to Venda', async () => {
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({
          success: true,
          data: overview({
            last_closed: [{ ...closed('782', 55), type: 'BUY', reversed_to: 'SELL' }],
          }),
        }),
    });
    await openDashboard();
    const last = await screen.findByRole('region', { name: 'Últimas 5 operações fechadas' });
    expect(within(last).getByText(/Compra → Venda/)).toBeTruthy();
  });

  it('says the curve is an estimate from the base when the account’s balance is unknown', async () => {
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({
          success: true,
          data: overview({ balance_basis: { source: 'estimate', initial_balance: 50_000 } }),
        }),
    });
    await openDashboard();
    const curve = await screen.findByRole(
      'figure',
      { name: 'Curva de capital' },
      { timeout: 5000 },
    );
    expect(
      within(curve).getByText(
        'Saldo estimado após cada operação fechada: sem o saldo da conta, parte de R$ 50.000,00',
      ),
    ).toBeTruthy();
  });

  it('draws the hourly chart in São Paulo time, not UTC', async () => {
    dashboardApi();
    await openDashboard();
    const hourly = await screen.findByRole(
      'figure',
      { name: 'Desempenho por hora (9:00–18:00)' },
      { timeout: 5000 },
    );
    expect(
      within(hourly).getByText(/horário de Brasília; 18:00 vai até o fim do pregão/),
    ).toBeTruthy();
    expect(within(hourly).queryByText(/UTC/)).toBeNull();
    // Hours 9 to 18 on the axis: 18:00 holds the session's end (a close at 18:10 or 18:25).
    await waitFor(() => {
      expect(within(hourly).getByText('9:00')).toBeTruthy();
      expect(within(hourly).getByText('18:00')).toBeTruthy();
    });
  });

  it('keeps the last-closed list to five', async () => {
    dashboardApi({
      'GET /dashboard/overview': () =>
        json({
          success: true,
          data: overview({ last_closed: Array.from({ length: 8 }, (_, i) => closed(`7${i}`, 10)) }),
        }),
    });
    await openDashboard();
    const last = await screen.findByRole('region', { name: 'Últimas 5 operações fechadas' });
    expect(within(last).getAllByRole('listitem')).toHaveLength(5);
  });
});
