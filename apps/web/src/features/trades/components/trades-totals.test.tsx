import { endpoints, formatMoney } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  freezeClock,
  openTrades,
  trades,
  tradesAnswer,
  tradesApi,
  totalsAnswer,
} from '../trades.fixtures';

beforeEach(() => {
  freezeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The text as getByText sees it: pt-BR's no-break spaces normalised. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
const summaryValue = (label: string) =>
  plain(
    within(screen.getByTestId('trades-summary')).getByText(label).parentElement?.nextElementSibling
      ?.textContent,
  );
const summaryHint = (label: string) =>
  plain(
    within(screen.getByTestId('trades-summary')).getByText(label).parentElement?.parentElement
      ?.lastElementChild?.textContent,
  );
const usd = (value: number) => plain(formatMoney(value, 'USD'));

/** 8,000 positions in the period; the server sends the newest 25 (the list's cut, scaled down). */
const TOTALS = {
  success: true,
  totals: {
    count: 8_000,
    wins: 4_800,
    losses: 3_100,
    win_rate: 60,
    net_profit: 12_345.5,
    gross_profit: 40_000,
    gross_loss: -27_654.5,
    profit_factor: 40_000 / 27_654.5,
    commission: -4_000,
    fee: -25,
    swap: -3.5,
  },
  account: 5012345,
};
const cutList = () => json({ ...tradesAnswer(trades), total: 8_000 });

/** A dollar account, current for the trading screens. */
const dollarAccount = {
  [`GET ${endpoints.accounts.list.path}`]: () =>
    json({
      success: true,
      data: {
        accounts: [
          {
            id: 7,
            kind: 'live',
            account_number: 5012345,
            server: 'Darwinex-Live',
            company: 'Tradeslide Trading Tech Limited',
            currency: 'USD',
            last_hello_at: '2026-03-15T14:00:00.000Z',
            last_import: null,
          },
        ],
        current_id: 7,
      },
    }),
};

describe('/trades totals over every position of the filter (issue 26)', () => {
  it('shows the totals of all positions in the account’s currency when the list is cut', async () => {
    const api = tradesApi(trades, {
      ...dollarAccount,
      [`GET ${endpoints.trading.trades.path}`]: cutList,
      [`GET ${endpoints.trading.tradesTotals.path}`]: () => json(TOTALS),
    });
    await openTrades();
    expect(
      await screen.findByText(
        'A lista mostra as 25 posições mais recentes de 8.000 do período; os totais acima cobrem todas as 8.000.',
      ),
    ).toBeTruthy();
    await waitFor(() => {
      expect(summaryValue('Resultado líquido')).toBe(usd(12_345.5));
    });
    expect(summaryValue('Total de trades')).toBe('8.000');
    expect(summaryValue('Taxa de acerto')).toBe('60,0%');
    expect(summaryHint('Taxa de acerto')).toBe('4.800 ganhos · 3.100 perdas');
    expect(summaryHint('Resultado líquido')).toBe(
      `Comissões e taxas ${usd(-4_025)} · Swap ${usd(-3.5)}`,
    );
    expect(summaryValue('Fator de lucro')).toBe('1,45');
    expect(summaryHint('Fator de lucro')).toBe(
      `Lucro bruto ${usd(40_000)} ÷ prejuízo bruto ${usd(27_654.5)}`,
    );
    // The totals ask for the list's own period.
    const list = api.queriesTo(endpoints.trading.trades.path).at(-1);
    const totals = api.queriesTo(endpoints.trading.tradesTotals.path).at(-1);
    expect(totals?.get('start_date')).toBe(list?.get('start_date'));
    expect(totals?.has('end_date')).toBe(false);
    expect(totals?.has('magic')).toBe(false);
  });

  it('asks the totals of the chosen magic and says whose they are', async () => {
    const api = tradesApi(trades, {
      [`GET ${endpoints.trading.trades.path}`]: cutList,
      [`GET ${endpoints.trading.tradesTotals.path}`]: (_, query) =>
        json(
          query.get('magic') === '136000'
            ? { ...TOTALS, totals: { ...TOTALS.totals, count: 1_900 } }
            : TOTALS,
        ),
    });
    await openTrades();
    await screen.findByText(/os totais acima cobrem todas as 8\.000\./);
    fireEvent.change(screen.getByLabelText('Magic'), { target: { value: '136000' } });
    expect(
      await screen.findByText(
        'A lista mostra as 25 posições mais recentes de 8.000 do período; os totais acima cobrem todas as 1.900 do magic 136000.',
      ),
    ).toBeTruthy();
    expect(summaryValue('Total de trades')).toBe('1.900');
    expect(api.queriesTo(endpoints.trading.tradesTotals.path).at(-1)?.get('magic')).toBe('136000');
  });

  it('sums no partial list: without the totals a cut list shows no cards and says why', async () => {
    tradesApi(trades, {
      [`GET ${endpoints.trading.trades.path}`]: cutList,
      [`GET ${endpoints.trading.tradesTotals.path}`]: () =>
        json({ success: false, error: 'Banco de dados indisponível.' }, { status: 503 }),
    });
    await openTrades();
    expect(
      await screen.findByText(
        'Não foi possível calcular os totais de todas as posições: Banco de dados indisponível.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Mostrando as 25 posições mais recentes de 8.000 do período: escolha um período menor para ver as anteriores.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('trades-summary')).toBeNull();
  });

  it('with every position listed, shows the same cards from the rows if the totals fail', async () => {
    tradesApi(trades, {
      [`GET ${endpoints.trading.tradesTotals.path}`]: () =>
        json({ success: false, error: 'Banco de dados indisponível.' }, { status: 503 }),
    });
    await openTrades();
    await screen.findByText('Página 1 de 3');
    await waitFor(() => {
      expect(screen.getByTestId('trades-summary')).toBeTruthy();
    });
    const expected = totalsAnswer(trades).totals;
    expect(summaryValue('Total de trades')).toBe('25');
    expect(summaryValue('Resultado líquido')).toBe(plain(formatMoney(expected.net_profit, 'BRL')));
    expect(screen.queryByTestId('trades-cut')).toBeNull();
  });
});
