import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { FakeSocket } from '../../../test/fake-socket';
import { traderUser } from '../../../test/session-fixtures';
import {
  networkDown,
  noTrades,
  openReports,
  reportsApi,
  summary,
  summaryAnswer,
} from '../reports.fixtures';

const region = (name: string) => screen.getByRole('region', { name });
const card = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('summary-value').textContent;
// pt-BR currency puts a no-break space after R$.
const brl = (text: string) => text.replace(' ', '\u00a0');

describe('Reports screen (trading.md §2 "Reports")', () => {
  it('shows the summary: trades, win rate, P&L in reais and profit factor', async () => {
    reportsApi();
    await openReports();
    await screen.findByRole('group', { name: 'Total de trades' });
    expect(card('Total de trades')).toBe('42');
    expect(card('Taxa de acerto')).toBe('57,1%');
    expect(card('Resultado total')).toBe(brl('R$ 1.234,50'));
    expect(card('Fator de lucro')).toBe('1,85');
    const reasons = within(region('Motivos de saída')).getAllByRole('listitem');
    expect(reasons.map((li) => li.textContent)).toEqual([
      'Take Profit20 trades · 47,6%',
      'Stop Loss15 trades · 35,7%',
      'Robô (Expert Advisor)7 trades · 16,7%',
    ]);
    expect(region('Resultado diário')).toBeTruthy();
  });

  it('shows ∞ for a profit factor without losses', async () => {
    reportsApi({
      'GET /api/reports/summary': () =>
        summaryAnswer({ ...summary, summary: { ...summary.summary, profit_factor: null } }),
    });
    await openReports();
    await screen.findByRole('group', { name: 'Fator de lucro' });
    expect(card('Fator de lucro')).toBe('∞');
  });

  it('lists performance by hour for 9 to 18 only', async () => {
    reportsApi();
    await openReports();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ]);
    const cells = (hour: string) =>
      Array.from(
        rows.find((row) => row.firstElementChild?.textContent === hour)?.children ?? [],
      ).map((cell) => cell.textContent);
    expect(cells('09:00')).toEqual(['09:00', '6', brl('R$ 310,25'), '66,7%']);
    expect(cells('10:00')).toEqual(['10:00', '10', brl('-R$ 120,50'), '40,0%']);
    expect(cells('11:00')).toEqual(['11:00', '0', '—', '—']);
    // Hours 8 and 19 are in the answer but not in the table.
    expect(within(table).queryByText(/999,99|777,77/)).toBeNull();
  });

  it("says 'Sem Dados Reais' when the period has no trades", async () => {
    reportsApi({ 'GET /api/reports/summary': () => summaryAnswer(noTrades) });
    await openReports();
    expect(await screen.findByText('Sem Dados Reais')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Total de trades' })).toBeNull();
    // The statements can still be generated for an empty period.
    expect(screen.getByRole('button', { name: 'Relatório MT5 (HTML)' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it.each([
    [
      'the server cannot query the data',
      () => json({ success: false, error: 'Banco indisponível' }, { status: 503 }),
      'Erro ao consultar dados reais de relatórios',
      'Banco indisponível',
    ],
    [
      'the answer is not a report summary',
      () => json({ success: true, data: { summary: null } }),
      'Erro ao carregar dados reais dos relatórios',
      'Resposta inválida do servidor',
    ],
    [
      'a proxy fails without a JSON error',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Erro ao carregar dados reais dos relatórios',
      'HTTP 502',
    ],
    [
      'the server is unreachable',
      networkDown,
      'Erro ao conectar com servidor de dados reais',
      'Failed to fetch',
    ],
  ])('says so when %s, and retries', async (_case, failure, message, detail) => {
    let failing = true;
    const api = reportsApi({
      'GET /api/reports/summary': () => (failing ? failure() : summaryAnswer()),
    });
    await openReports();
    // The query client retries once before it gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByText(detail)).toBeTruthy();
    const before = api.callsTo('/api/reports/summary').length;
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('group', { name: 'Total de trades' });
    expect(api.callsTo('/api/reports/summary')).toHaveLength(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the last 7 days first and refetches with ?range= when the period changes', async () => {
    const api = reportsApi();
    const { router } = await openReports();
    await screen.findByRole('group', { name: 'Total de trades' });
    const select = screen.getByLabelText<HTMLSelectElement>('Período');
    expect(select.value).toBe('7d');
    expect(Array.from(select.options).map((o) => [o.value, o.text])).toEqual([
      ['1d', 'Hoje'],
      ['7d', 'Últimos 7 dias'],
      ['30d', 'Últimos 30 dias'],
      ['90d', 'Últimos 90 dias'],
      ['1y', 'Último ano'],
      // Issue 26: any period, beside the spec's five.
      ['all', 'Todo o histórico'],
      ['custom', 'Personalizado'],
    ]);
    expect(api.queriesTo('/api/reports/summary').map((q) => q.get('range'))).toEqual(['7d']);

    fireEvent.change(select, { target: { value: '30d' } });
    await waitFor(() => {
      expect(api.queriesTo('/api/reports/summary').map((q) => q.get('range'))).toEqual([
        '7d',
        '30d',
      ]);
    });
    expect(router.state.location.search).toBe('?range=30d');
    await screen.findByRole('group', { name: 'Total de trades' });
  });

  it('opens on the range in the address', async () => {
    const api = reportsApi();
    await openReports('/reports?range=1y');
    await screen.findByRole('group', { name: 'Total de trades' });
    expect(screen.getByLabelText<HTMLSelectElement>('Período').value).toBe('1y');
    expect(api.queriesTo('/api/reports/summary').map((q) => q.get('range'))).toEqual(['1y']);
  });

  it('fetches the summary again when the bridge stores new deals', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const api = reportsApi({
      'POST /api/bridge/events/ticket': () =>
        json({ success: true, ticket: 't'.repeat(43), expires_at: new Date().toISOString() }),
    });
    await openReports();
    await screen.findByRole('group', { name: 'Total de trades' });
    await waitFor(() => {
      expect(FakeSocket.all.at(-1)?.onmessage).toBeTruthy();
    });
    const socket = FakeSocket.all.at(-1) as FakeSocket;
    const before = api.callsTo('/api/reports/summary').length;
    const event = { id: 1, at: new Date().toISOString(), user_id: traderUser.id };
    act(() => {
      socket.receive({
        ...event,
        type: 'bridge_status',
        connected: true,
        mt5_alive: true,
        account_number: 1,
      });
    });
    // The deals event, later on the same socket, is the barrier: once its reload is seen, one
    // for the status event would have been asked too.
    act(() => {
      socket.receive({
        ...event,
        id: 2,
        type: 'deals_added',
        account_number: 1,
        deals: [],
        count: 3,
      });
    });
    await waitFor(() => {
      expect(api.callsTo('/api/reports/summary').length).toBeGreaterThan(before);
    });
    expect(api.callsTo('/api/reports/summary')).toHaveLength(before + 1);
  });
});
