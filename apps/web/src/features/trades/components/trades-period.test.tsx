import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@vortex/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  freezeClock,
  openTrades,
  totalsAnswer,
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

const spanRoute = `GET ${endpoints.trading.historySpan.path}`;
const startDates = (api: ReturnType<typeof tradesApi>) =>
  api.queriesTo('/bridge/trades').map((q) => q.get('start_date'));

describe('/trades over any period (issue 26)', () => {
  it('opens an old account on its whole history and says how old its data is', async () => {
    const api = tradesApi(trades, {
      [spanRoute]: () =>
        json({
          success: true,
          first_deal_at: Date.UTC(2022, 0, 3, 13),
          last_deal_at: Date.UTC(2023, 11, 30, 18),
        }),
    });
    await openTrades();
    expect(await screen.findByText('Dados de 03/01/2022 a 30/12/2023')).toBeTruthy();
    await waitFor(() => {
      expect(startDates(api)).toEqual(['1970-01-01T00:00:00.000Z']);
    });
    expect(
      screen.getByRole('button', { name: 'Todo o histórico' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText('Sem data inicial: todo o histórico da conta.')).toBeTruthy();
  });

  it("asks 'Todo o histórico' on request, and a start date takes over", async () => {
    const api = tradesApi();
    await openTrades();
    await screen.findByText('Página 1 de 3');
    expect(startDates(api)).toEqual(['2025-03-16T03:00:00.000Z']);
    fireEvent.click(screen.getByRole('button', { name: 'Todo o histórico' }));
    await waitFor(() => {
      expect(startDates(api).at(-1)).toBe('1970-01-01T00:00:00.000Z');
    });
    expect(JSON.parse(localStorage.getItem('trades_filters') ?? '{}')).toMatchObject({ all: true });
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2026-03-10' } });
    await waitFor(() => {
      expect(startDates(api).at(-1)).toBe('2026-03-10T03:00:00.000Z');
    });
    expect(
      screen.getByRole('button', { name: 'Todo o histórico' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('says when the period holds more positions than the screen loads', async () => {
    tradesApi(trades, {
      'GET /bridge/trades': () => json({ ...tradesAnswer(trades), total: 120_000 }),
      'GET /trading/trades/totals': () => {
        const answer = totalsAnswer(trades);
        return json({ ...answer, totals: { ...answer.totals, count: 120_000 } });
      },
    });
    await openTrades();
    expect(
      await screen.findByText(
        'A lista mostra as 25 posições mais recentes de 120.000 do período; os totais acima cobrem todas as 120.000.',
      ),
    ).toBeTruthy();
  });
});
