import { formatBRL, formatDateTimePtBR } from '@vortex/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSocket } from '../../../test/fake-socket';
import { traderUser } from '../../../test/session-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  freezeClock,
  makeTrade,
  NOW,
  openTrades,
  tableRows,
  trades,
  tradesAnswer,
  tradesApi,
} from '../trades.fixtures';

beforeEach(() => {
  freezeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

/** formatBRL as getByText sees it: the no-break space after R$ normalised to a space. */
const brl = (value: number) => formatBRL(value).replace(/\s/g, ' ');
const pageText = () => screen.getByTestId('trades-page').textContent;
const dateCells = () => tableRows().map((row) => row.querySelector('td')?.textContent);
const change = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const summaryValue = (label: string) =>
  within(screen.getByTestId('trades-summary')).getByText(label).parentElement?.nextElementSibling
    ?.textContent;

/** Captures the CSV downloads: their names and texts. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:trades';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    names,
    text: async (i = 0) => (await blobs[i]?.text())?.replace(/^\uFEFF/, '') ?? '',
  };
}

describe("/trades 'Trades Reais MT5' (trading.md §2, §7, §9)", () => {
  it('asks for 6000 trades of the last 365 days, newest first, without cache', async () => {
    const api = tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    const q = api.queriesTo('/bridge/trades')[0];
    expect(q?.get('limit')).toBe('6000');
    expect(q?.get('offset')).toBe('0');
    expect(q?.get('order_by')).toBe('time');
    expect(q?.get('order')).toBe('desc');
    expect(q?.get('no_cache')).toBe('1');
    expect(q?.get('_')).toBe(String(NOW));
    // The last 365 calendar days as every screen counts them, today included: from 16/03/2025,
    // midnight in São Paulo (03:00 UTC).
    expect(q?.get('start_date')).toBe('2025-03-16T03:00:00.000Z');
    expect(q?.has('end_date')).toBe(false);
  });

  it('shows 10 per page, newest first, and pages with Anterior/Próxima', async () => {
    tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Data',
      'Ativo',
      'Tipo',
      'Volume',
      'Entrada',
      'Saída',
      'Duração',
      'Resultado',
      'Magic',
    ]);
    expect(tableRows()).toHaveLength(10);
    expect(dateCells()[0]).toBe(formatDateTimePtBR(trades[0]?.close_time ?? 0));
    expect(dateCells()[9]).toBe(formatDateTimePtBR(trades[9]?.close_time ?? 0));
    const first = tableRows()[0];
    expect(within(first).getByText('WINH26')).toBeTruthy();
    // Compra/Venda, as every other screen says: never BUY/SELL.
    expect(within(first).getByText('Compra')).toBeTruthy();
    expect(within(tableRows()[1] ?? document.body).getByText('Venda')).toBeTruthy();
    expect(screen.queryByText('BUY')).toBeNull();
    expect(screen.queryByText('SELL')).toBeNull();
    expect(within(first).getByText('128.000,00')).toBeTruthy();
    expect(within(first).getByText('0h 25m')).toBeTruthy();
    expect(within(first).getByText(brl(19.5)).className).toContain('text-success');
    expect(within(tableRows()[2] ?? first).getByText(brl(-12.5)).className).toContain(
      'text-destructive',
    );
    expect(screen.getByTestId('trades-range').textContent).toBe('1–10 de 25');
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(pageText()).toBe('Página 3 de 3');
    expect(tableRows()).toHaveLength(5);
    expect(dateCells()[4]).toBe(formatDateTimePtBR(trades[24]?.close_time ?? 0));
    expect(screen.getByRole('button', { name: 'Próxima' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(pageText()).toBe('Página 2 de 3');
  });

  it('sorts oldest first on request and starts again at page 1', async () => {
    tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    change('Ordenação', 'asc');
    expect(pageText()).toBe('Página 1 de 3');
    expect(dateCells()[0]).toBe(formatDateTimePtBR(trades[24]?.close_time ?? 0));
    expect(dateCells()[1]).toBe(formatDateTimePtBR(trades[23]?.close_time ?? 0));
  });

  it('offers the 2 most frequent magics and filters rows and cards by one', async () => {
    tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    const select = screen.getByLabelText('Magic');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', '135000', '136000']);
    expect(summaryValue('Total de trades')).toBe('25');
    change('Magic', '136000');
    expect(pageText()).toBe('Página 1 de 1');
    expect(tableRows()).toHaveLength(5);
    for (const row of tableRows()) expect(within(row).getByText('136000')).toBeTruthy();
    expect(summaryValue('Total de trades')).toBe('5');
  });

  it('includes the whole end day and sends it as the last millisecond of that day', async () => {
    const lastMinute = Date.UTC(2026, 2, 11, 2, 59); // 10/03/2026 23:59 in São Paulo
    const nextDay = Date.UTC(2026, 2, 11, 3, 0); // 11/03/2026 00:00 in São Paulo
    const firstMinute = Date.UTC(2026, 2, 10, 3, 0); // 10/03/2026 00:00
    const dayBefore = Date.UTC(2026, 2, 10, 2, 59); // 09/03/2026 23:59
    const list = [nextDay, lastMinute, firstMinute, dayBefore].map((close, i) =>
      makeTrade(i, { close_time: close, open_time: close - 60_000 }),
    );
    const api = tradesApi(list);
    await openTrades();
    await screen.findByText('1–4 de 4');
    change('Data inicial', '2026-03-10');
    change('Data final', '2026-03-10');
    await waitFor(() => {
      expect(screen.getByTestId('trades-range').textContent).toBe('1–2 de 2');
    });
    expect(dateCells()).toEqual(['10/03/2026 23:59', '10/03/2026 00:00']);
    const q = api.queriesTo('/bridge/trades').at(-1);
    expect(q?.get('start_date')).toBe('2026-03-10T03:00:00.000Z');
    expect(q?.get('end_date')).toBe('2026-03-11T02:59:59.999Z');
  });

  it('keeps the round trips of one netting position apart when a filter drops one', async () => {
    // Position 777 closed twice (round trips 1 and 2) around another position.
    const list = [
      makeTrade(0, { position_id: '777', round_trip: 2 }),
      makeTrade(2, { position_id: '888' }),
      makeTrade(3, { position_id: '777', round_trip: 1 }),
    ];
    tradesApi(list);
    await openTrades();
    await screen.findByText('1–3 de 3');
    change('Data final', '2026-03-14');
    await screen.findByText('1–2 de 2');
    expect(dateCells()).toEqual([
      formatDateTimePtBR(list[1]?.close_time ?? 0),
      formatDateTimePtBR(list[2]?.close_time ?? 0),
    ]);
  });

  it('marks a position opened before the history instead of an unknown entry price', async () => {
    tradesApi([makeTrade(0, { position_id: '501', round_trip: 0, entry_price: 0 })]);
    await openTrades();
    const marker = await screen.findByText('antes do histórico');
    expect(marker.getAttribute('title')).toBe('Aberta antes do histórico');
    expect(screen.getAllByTitle('Aberta antes do histórico')).toHaveLength(2);
  });

  it('keeps magic, dates, sort and page across remounts', async () => {
    tradesApi();
    const first = await openTrades();
    await screen.findByText('Página 1 de 3');
    change('Magic', '135000');
    change('Ordenação', 'asc');
    change('Data inicial', '2026-03-01');
    await screen.findByText('Página 1 de 2');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(pageText()).toBe('Página 2 de 2');
    first.unmount();

    await openTrades();
    await screen.findByText('Página 2 de 2');
    expect(screen.getByLabelText('Magic')).toHaveProperty('value', '135000');
    expect(screen.getByLabelText('Ordenação')).toHaveProperty('value', 'asc');
    expect(screen.getByLabelText('Data inicial')).toHaveProperty('value', '2026-03-01');
    expect(JSON.parse(localStorage.getItem('trades_filters') ?? '{}')).toEqual({
      magic: 135000,
      startDate: '2026-03-01',
      endDate: '',
      sort: 'asc',
      page: 2,
    });
  });

  it('exports exactly the filtered rows, in table order, as trades_filtrados_{timestamp}.csv', async () => {
    tradesApi();
    const downloads = captureDownloads();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    change('Magic', '135000');
    change('Ordenação', 'asc');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    // São Paulo time: 15:00 UTC is 12:00 there.
    expect(downloads.names).toEqual(['trades_filtrados_2026-03-15_12-00-00.csv']);
    const lines = (await downloads.text()).split('\r\n');
    expect(lines[0]).toBe(
      'position_id,round_trip,open_time,close_time,symbol,type,volume,entry_price,exit_price,duration,profit,commission,swap,fee,net_profit,magic,currency',
    );
    const body = lines.slice(1, -1).map((line) => line.split(','));
    // Every filtered row, all pages: 15 of magic 135000, oldest first like the table.
    const expected = trades.filter((t) => t.magic === 135000).reverse();
    expect(body.map((cells) => cells[0])).toEqual(expected.map((t) => t.position_id));
    expect(body.every((cells) => cells[15] === '135000' && cells[16] === 'BRL')).toBe(true);
    // The first page of the CSV is the table's first page, cell for cell.
    tableRows().forEach((row, i) => {
      const cells = body[i] ?? [];
      const [closeDate, closeTime] = (cells[3] ?? '').split(' ');
      const [y, m, d] = (closeDate ?? '').split('-');
      expect(row.querySelector('td')?.textContent).toBe(`${d}/${m}/${y} ${closeTime?.slice(0, 5)}`);
      expect(within(row).getByText(cells[4] ?? '?')).toBeTruthy();
      expect(within(row).getByText(brl(Number(cells[14])))).toBeTruthy();
    });
    expect(lines.at(-1)).toBe('');
  });

  it('shows the server’s reason without an internal prefix and loads again on retry', async () => {
    let fail = true;
    tradesApi(trades, {
      'GET /bridge/trades': () =>
        fail
          ? json({ success: false, error: 'Conta sem bridge pareada' }, { status: 502 })
          : json(tradesAnswer(trades)),
    });
    await openTrades();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Conta sem bridge pareadaTentar novamente');
    expect(alert.textContent).not.toContain('Lambda Error');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Página 1 de 3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no retry for a refusal a second try would repeat', async () => {
    tradesApi(trades, {
      'GET /bridge/trades': () =>
        json({ success: false, error: 'Data inicial inválida.' }, { status: 400 }),
    });
    await openTrades();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Data inicial inválida.');
    expect(within(alert).queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it("shows 'HTTP {status}' without a reason and 'Erro de conexão: …' offline", async () => {
    let mode: 'http' | 'offline' = 'http';
    tradesApi(trades, {
      'GET /bridge/trades': () => {
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        return new Response('<html>bad gateway</html>', { status: 503 });
      },
    });
    await openTrades();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Erro ao carregar trades (HTTP 503)',
    );
    mode = 'offline';
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toContain('Erro de conexão: Failed to fetch');
    });
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('catches an end date before the start date with the spec’s words and never asks', async () => {
    const api = tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    change('Data inicial', '2026-03-10');
    await waitFor(() => {
      expect(api.queriesTo('/bridge/trades').at(-1)?.get('start_date')).toBe(
        '2026-03-10T03:00:00.000Z',
      );
    });
    const asked = api.queriesTo('/bridge/trades').length;
    change('Data final', '2026-03-05');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A data inicial deve ser anterior à data final.');
    expect(screen.getByLabelText('Data final').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    // No cards of zeros for a range that was never asked.
    expect(screen.queryByTestId('trades-summary')).toBeNull();
    // Fixed, the range is asked for; the inverted one never was.
    change('Data final', '2026-03-12');
    await waitFor(() => {
      expect(api.queriesTo('/bridge/trades').at(-1)?.get('end_date')).toBe(
        '2026-03-13T02:59:59.999Z',
      );
    });
    expect(
      api.queriesTo('/bridge/trades').filter((q) => q.get('end_date')?.startsWith('2026-03-06')),
    ).toEqual([]);
    expect(api.queriesTo('/bridge/trades').length).toBe(asked + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Sem trades retornados (0).' when the server sends none", async () => {
    tradesApi([]);
    await openTrades();
    expect(
      await screen.findByText('Nenhuma operação encontrada no período selecionado.'),
    ).toBeTruthy();
    expect(screen.getByText('Sem trades retornados (0).')).toBeTruthy();
    // No cards of zeros: the empty state speaks alone.
    expect(screen.queryByTestId('trades-summary')).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveProperty('disabled', true);
  });

  it('says only that nothing matches when the filters leave no row', async () => {
    tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    change('Data final', '2025-12-31');
    expect(
      await screen.findByText('Nenhuma operação encontrada no período selecionado.'),
    ).toBeTruthy();
    expect(screen.queryByText('Sem trades retornados (0).')).toBeNull();
  });

  it('shows the profit factor above 999 as ∞', async () => {
    const list = [
      makeTrade(0, { net_profit: 1000 }),
      makeTrade(1, { net_profit: -1 }),
      makeTrade(2, { net_profit: 0 }),
    ];
    tradesApi(list);
    await openTrades();
    await screen.findByText('1–3 de 3');
    expect(summaryValue('Fator de lucro')).toBe('∞');
    expect(summaryValue('Taxa de acerto')).toBe('33,3%');
    expect(summaryValue('Resultado líquido')).toBe(formatBRL(999));
  });

  it('loads again when the live channel says this trader stored new deals', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const api = tradesApi(trades, {
      'POST /api/bridge/events/ticket': () =>
        json({ success: true, ticket: 't'.repeat(43), expires_at: new Date().toISOString() }),
    });
    await openTrades();
    await screen.findByText('Página 1 de 3');
    await waitFor(() => {
      expect(FakeSocket.all.at(-1)?.onmessage).toBeTruthy();
    });
    const socket = FakeSocket.all.at(-1) as FakeSocket;
    const before = api.callsTo('/bridge/trades').length;
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
      expect(api.callsTo('/bridge/trades').length).toBeGreaterThan(before);
    });
    expect(api.callsTo('/bridge/trades')).toHaveLength(before + 1);
  });
});
