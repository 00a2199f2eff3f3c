import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type AllAccountsData } from '@vortex/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { seedSession, traderUser } from '../../../test/session-fixtures';
import { brlView, emptyView, oneAccountView, usdView } from '../all-accounts.fixtures';

// jsdom has no layout: a ResizeObserver that reports a chart-sized box lets recharts draw.
beforeEach(() => {
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

/** The app at /contas with the server answering `view` (or `usd` when USD is asked for). */
function open(view: AllAccountsData, usd: AllAccountsData = usdView) {
  seedSession(traderUser);
  const api = fakeApi({
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.accounts.all.path}`]: () =>
      json({ success: true, data: lastQuery().get('currency') === 'USD' ? usd : view }),
    [`GET ${endpoints.accounts.list.path}`]: () =>
      json({ success: true, data: { accounts: view.accounts, current_id: view.current_id } }),
    [`PUT ${endpoints.accounts.choose.path}`]: (call) =>
      json({
        success: true,
        data: {
          accounts: view.accounts,
          current_id: (call.body as { account_id: number }).account_id,
        },
      }),
  });
  const queries = () =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((u) => u.pathname === endpoints.accounts.all.path)
      .map((u) => u.searchParams);
  function lastQuery() {
    return queries().at(-1) ?? new URLSearchParams();
  }
  const app = renderApp('/contas');
  return { api, app, lastQuery };
}

const text = (el: Element) => el.textContent.replace(/\s/g, ' ');
/** The value beside a label inside `scope`. */
const valueIn = (scope: HTMLElement, label: string) =>
  text(within(scope).getByText(label).nextElementSibling ?? document.body);
const card = (name: RegExp) => screen.getByRole('group', { name });

describe("/contas 'Todas as contas' (issue 26)", () => {
  it('lists every account with its source, currency, mode, period and figures, and sums only BRL', async () => {
    const { lastQuery } = open(brlView);
    expect(await screen.findByRole('heading', { level: 1, name: 'Todas as contas' })).toBeTruthy();
    await screen.findByText('Total em BRL');
    // 'Todo o histórico' by default, as Estatísticas asks for it; the current account's currency.
    expect(Object.fromEntries(lastQuery())).toEqual({ start: '1970-01-01' });
    expect(
      screen.getByRole('button', { name: 'Todo o histórico' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'BRL' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByText(
        'Os totais somam apenas as contas em BRL. Contas em outras moedas aparecem à parte e nunca entram na soma.',
      ),
    ).toBeTruthy();

    const total = screen.getByRole('region', { name: 'Total em BRL' });
    expect(within(total).getByText('2 contas somadas')).toBeTruthy();
    expect(valueIn(total, 'Saldo')).toBe('R$ 14.630,50');
    expect(valueIn(total, 'Lucro líquido')).toBe('R$ 630,50');
    expect(valueIn(total, 'Depósitos')).toBe('R$ 15.000,00');
    expect(valueIn(total, 'Saques')).toBe('-R$ 1.000,00');
    expect(valueIn(total, 'Comissões e taxas')).toBe('-R$ 115,75');
    expect(valueIn(total, 'Total de trades')).toBe('68');
    expect(valueIn(total, 'Taxa de acerto')).toBe('57,35%');
    expect(valueIn(total, 'Drawdown máximo')).toBe('R$ 1.050,00 (6,90%)');
    expect(screen.getByRole('figure', { name: 'Saldo somado em BRL' })).toBeTruthy();

    const summed = screen.getByRole('region', { name: 'Contas em BRL' });
    expect(within(summed).getAllByTestId('account-card')).toHaveLength(2);
    const live = card(/5012345 · XPMT5-PRD/);
    expect(within(live).getByText('Conta atual')).toBeTruthy();
    expect(within(live).getByText('Ao vivo')).toBeTruthy();
    expect(within(live).getByText('Netting')).toBeTruthy();
    expect(
      within(live).getByText(/^Conectada pelo agente · Agente visto em 27\/06\/2025/),
    ).toBeTruthy();
    expect(within(live).getByText('Dados de 06/01/2025 a 27/06/2025')).toBeTruthy();
    expect(valueIn(live, 'Saldo')).toBe('R$ 10.420,50');
    const imported = card(/7788990 · ClearCorretora-PRD/);
    expect(
      within(imported).getByText(
        'Importada de ReportHistory-7788990.html em 28/06/2025 10:05 · dados de 03/02/2025 a 30/05/2025',
      ),
    ).toBeTruthy();
    expect(valueIn(imported, 'Lucro líquido')).toBe('-R$ 290,00');

    // The dollar account is listed apart, in dollars, and is in no BRL figure.
    const apart = screen.getByRole('region', { name: 'Contas em outras moedas (fora da soma)' });
    const usd = within(apart).getByRole('group', { name: /541223056 · FTMO-Server4/ });
    expect(within(usd).getByText('Hedging')).toBeTruthy();
    expect(within(usd).getByText('USD')).toBeTruthy();
    expect(valueIn(usd, 'Saldo')).toBe('US$ 99.524,23');
    expect(within(total).queryByText(/US\$/)).toBeNull();
  });

  it('lists a Strategy Tester report apart, in no total, whatever its currency', async () => {
    open(brlView);
    const total = await screen.findByRole('region', { name: 'Total em BRL' });
    expect(within(total).getByText('2 contas somadas')).toBeTruthy();
    const summed = screen.getByRole('region', { name: 'Contas em BRL' });
    expect(within(summed).queryByRole('group', { name: /Testador/ })).toBeNull();
    const tester = screen.getByRole('region', {
      name: 'Relatórios do Testador de Estratégia (fora da soma)',
    });
    const report = within(tester).getByRole('group', { name: /Testador · volume_candles_20/ });
    expect(valueIn(report, 'Saldo')).toBe('R$ 10.202,00');
    expect(
      within(tester).getByText(
        'Resultados simulados de backtests: aparecem à parte e nunca entram na soma das contas.',
      ),
    ).toBeTruthy();
  });

  it('sums the dollar accounts when USD is chosen, the reais ones then apart', async () => {
    const { lastQuery } = open(brlView);
    await screen.findByText('Total em BRL');
    fireEvent.click(screen.getByRole('button', { name: 'USD' }));
    await screen.findByText('Total em USD');
    expect(lastQuery().get('currency')).toBe('USD');
    const total = screen.getByRole('region', { name: 'Total em USD' });
    expect(within(total).getByText('1 conta somada')).toBeTruthy();
    expect(valueIn(total, 'Saldo')).toBe('US$ 99.524,23');
    expect(screen.getByText(/^Os totais somam apenas as contas em USD\./)).toBeTruthy();
    const apart = screen.getByRole('region', { name: 'Contas em outras moedas (fora da soma)' });
    expect(within(apart).getAllByTestId('account-card')).toHaveLength(2);
  });

  it("asks for a 'De / Até' as Estatísticas does", async () => {
    const { lastQuery } = open(brlView);
    await screen.findByText('Total em BRL');
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '01/03/2025' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '31/05/2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery())).toEqual({ start: '2025-03-01', end: '2025-05-31' });
    });
    expect(await screen.findByText('De 01/03/2025 a 31/05/2025')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Todo o histórico' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('makes an account the current one and opens its dashboard', async () => {
    const { api, app } = open(brlView);
    await screen.findByText('Total em BRL');
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Abrir no Dashboard: 541223056 · FTMO-Server4 · Importada',
      }),
    );
    await waitFor(() => {
      expect(app.pathname()).toBe('/dashboard');
    });
    expect(api.callsTo(endpoints.accounts.choose.path).map((c) => c.body)).toEqual([
      { account_id: 13 },
    ]);
  });

  it("is linked beside the dashboard's account switcher", async () => {
    const { app } = open(brlView);
    await app.router.navigate('/dashboard');
    const link = await screen.findByRole('link', { name: 'Todas as contas' });
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Todas as contas' })).toBeTruthy();
    expect(app.pathname()).toBe('/contas');
  });

  it('with one account, sums that one and lists nothing apart', async () => {
    open(oneAccountView);
    await screen.findByText('Total em BRL');
    expect(screen.getByText('1 conta somada')).toBeTruthy();
    expect(screen.getAllByTestId('account-card')).toHaveLength(1);
    expect(screen.queryByText('Contas em outras moedas (fora da soma)')).toBeNull();
  });

  it('without accounts says how to get one', async () => {
    open(emptyView);
    expect(await screen.findByText('Nenhuma conta MT5 ainda')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para Relatórios' }).getAttribute('href')).toBe(
      '/reports',
    );
    expect(screen.queryByText(/Total em/)).toBeNull();
  });
});
