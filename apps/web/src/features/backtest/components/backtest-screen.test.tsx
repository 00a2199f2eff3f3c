import type { BacktestRequest } from '@vortex/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  answer,
  backtestApi,
  freezeClock,
  openBacktest,
  savedConfig,
  threeTrades,
  trade,
} from '../backtest.fixtures';

// jsdom has no layout: a ResizeObserver that reports a chart-sized box lets recharts draw.
beforeEach(() => {
  freezeClock();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = { target, contentRect: { width: 560, height: 280 } };
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

const run = (name = 'Executar backtest') => {
  fireEvent.click(screen.getByRole('button', { name }));
};
const bodies = (api: ReturnType<typeof backtestApi>) =>
  api.callsTo('/api/bot/backtest').map((c) => c.body as BacktestRequest);
/** The value shown under a key statistic's label. */
const cardValue = (label: string) =>
  within(screen.getByRole('region', { name: 'Resultado' }))
    .getByText(label)
    .nextElementSibling?.textContent.replace(/\s/g, ' ');
const textOf = (el: Element) => el.textContent.replace(/\s/g, ' ');

describe('/backtest', () => {
  it('shows the saved configuration and an empty state before running', async () => {
    backtestApi();
    await openBacktest();
    expect(screen.getByText('WINJ26')).toBeTruthy();
    expect(screen.getByText('M5')).toBeTruthy();
    expect(screen.getByText('Fibonacci')).toBeTruthy();
    // Disabled in the saved configuration, so not listed.
    expect(screen.queryByText('Cruzamento TEMA')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Alterar em Parametrização' }).getAttribute('href'),
    ).toBe('/settings');
    expect(screen.getByText('Nenhum backtest executado')).toBeTruthy();
  });

  it('runs the saved configuration over the last 90 days of stored bars', async () => {
    const api = backtestApi();
    await openBacktest();
    expect(screen.getByLabelText<HTMLInputElement>('Início').value).toBe('2025-12-15');
    expect(screen.getByLabelText<HTMLInputElement>('Fim').value).toBe('2026-03-15');
    run();
    await screen.findByRole('region', { name: 'Resultado' });

    expect(bodies(api)).toEqual([
      {
        config: savedConfig(),
        source: 'stored',
        start_date: '2025-12-15',
        end_date: '2026-03-15',
      },
    ]);
    expect(cardValue('Total de trades')).toBe('3');
    expect(cardValue('Taxa de acerto')).toBe('66,7%');
    expect(cardValue('Lucro líquido')).toBe('R$ 150,00');
    expect(cardValue('Fator de lucro')).toBe('2,50');
    expect(cardValue('Drawdown máximo')).toMatch(/^R\$ 100,00/);
    expect(screen.getByText('Índice de Sharpe')).toBeTruthy();
    expect(screen.getByText('Expectativa por trade')).toBeTruthy();
    expect(screen.getByText('SQN')).toBeTruthy();
    expect(screen.getByTestId('backtest-summary').textContent).toContain('12.345 barras');
    expect(screen.getByRole('figure', { name: 'Curva de capital' })).toBeTruthy();

    const byStrategy = screen.getByRole('table', { name: 'Trades por estratégia' });
    expect(within(byStrategy).getAllByRole('row').slice(1).map(textOf)).toEqual([
      'Fibonacci1350001100,0%R$ 200,00',
      'Cruzamento DI13600010,0%-R$ 100,00',
      'DI Avançado1370001100,0%R$ 50,00',
    ]);
    const skipped = screen.getByRole('table', { name: 'Sinais recusados' });
    expect(textOf(skipped)).toContain('Limite diário de trades atingido4');
    expect(textOf(skipped)).toContain('Posição da estratégia já aberta17');

    const trades = screen.getByRole('table', { name: 'Trades do backtest · Configuração A' });
    expect(within(trades).getAllByRole('row')).toHaveLength(4);
  });

  it('pages the trades 20 at a time', async () => {
    const many = Array.from({ length: 25 }, (_, i) => trade(i, 135000, i % 3 === 0 ? -50 : 80));
    backtestApi({ 'POST /api/bot/backtest': () => json(answer(many)) });
    await openBacktest();
    run();
    await screen.findByText('Página 1 de 2');
    const table = () => screen.getByRole('table', { name: 'Trades do backtest · Configuração A' });
    expect(within(table()).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(screen.getByText('Página 2 de 2')).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Próxima' })).toHaveProperty('disabled', true);
  });

  it("sends an uploaded CSV's text with source 'csv'", async () => {
    const api = backtestApi({
      'POST /api/bot/backtest': () => json(answer(threeTrades, { source: 'csv', bars: 3 })),
    });
    await openBacktest();
    fireEvent.click(screen.getByRole('radio', { name: /Arquivo CSV/ }));
    expect(screen.getByText('Formatos aceitos')).toBeTruthy();
    expect(screen.getByText(/time,open,high,low,close/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Executar backtest' })).toHaveProperty(
      'disabled',
      true,
    );
    const csv =
      'time,open,high,low,close\n1773230400,130000,130050,129950,130020\n1773230460,130020,130060,130000,130040\n';
    const file = new File([csv], 'win-m1.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Arquivo de barras (CSV)'), {
      target: { files: [file] },
    });
    await screen.findByText(/win-m1\.csv/);
    run();
    await screen.findByRole('region', { name: 'Resultado' });
    expect(bodies(api)).toEqual([{ config: savedConfig(), source: 'csv', csv }]);
    expect(screen.getByTestId('backtest-summary').textContent).toContain('arquivo CSV');
  });

  it('names the contract that valued the trades: its money per point and tick', async () => {
    const wdo = {
      symbol: 'WDOF26',
      tick: 0.5,
      point_value: 10,
      commission_per_contract: 0.9,
      source: 'b3' as const,
    };
    backtestApi({
      'POST /api/bot/backtest': () => json(answer(threeTrades, { instrument: wdo })),
    });
    await openBacktest();
    run();
    await screen.findByRole('region', { name: 'Resultado' });
    expect(screen.getByTestId('backtest-summary').textContent).toContain(
      'WDOF26: R$\u00a010,00 por ponto por contrato, tick de 0,5 (contrato da B3)',
    );
  });

  it("says when the figures are the terminal's, down to a forex symbol's tick", async () => {
    const eurusd = {
      symbol: 'EURUSD',
      tick: 0.00001,
      point_value: 100_000,
      commission_per_contract: 0,
      source: 'terminal' as const,
    };
    backtestApi({
      'POST /api/bot/backtest': () => json(answer(threeTrades, { instrument: eurusd })),
    });
    await openBacktest();
    run();
    await screen.findByRole('region', { name: 'Resultado' });
    expect(screen.getByTestId('backtest-summary').textContent).toContain(
      'EURUSD: R$\u00a0100.000,00 por ponto por contrato, tick de 0,00001 (especificação do terminal)',
    );
  });

  it('runs over the simulator with the dates and a seed, and names it in the summary', async () => {
    const api = backtestApi({
      'POST /api/bot/backtest': () =>
        json(answer(threeTrades, { source: 'simulator', seed: 42, bars: 50_850 })),
    });
    await openBacktest();
    fireEvent.click(screen.getByRole('radio', { name: /Simulador \(mercado sintético\)/ }));
    const seed = screen.getByLabelText<HTMLInputElement>('Semente');
    expect(seed.value).toBe('1');
    expect(
      screen.getByText('A mesma semente e as mesmas datas repetem o mesmo mercado.'),
    ).toBeTruthy();
    fireEvent.change(seed, { target: { value: '4,2' } });
    expect(screen.getByText('Use um número inteiro de 0 a 2.147.483.647.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Executar backtest' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(seed, { target: { value: '42' } });
    run();
    await screen.findByRole('region', { name: 'Resultado' });
    expect(bodies(api)).toEqual([
      {
        config: savedConfig(),
        source: 'simulator',
        start_date: '2025-12-15',
        end_date: '2026-03-15',
        seed: 42,
      },
    ]);
    expect(screen.getByTestId('backtest-summary').textContent).toContain('50.850 barras · de ');
    expect(screen.getByTestId('backtest-summary').textContent).toContain('simulador, semente 42');
  });

  it("shows the server's pt-BR error and runs again on retry", async () => {
    let fail = true;
    const api = backtestApi({
      'POST /api/bot/backtest': () =>
        fail
          ? json(
              {
                success: false,
                error: 'Nenhuma conta MT5 conectada: pareie o bridge ou envie as barras em CSV.',
              },
              { status: 409 },
            )
          : json(answer()),
    });
    await openBacktest();
    run();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Nenhuma conta MT5 conectada: pareie o bridge ou envie as barras em CSV.',
    );
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('region', { name: 'Resultado' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodies(api)).toHaveLength(2);
    expect(bodies(api)[1]).toEqual(bodies(api)[0]);
  });

  it('compares the saved configuration with a tweaked copy over the same bars', async () => {
    const api = backtestApi({
      'POST /api/bot/backtest': (call) => {
        const { config } = call.body as BacktestRequest;
        // B (Fibonacci off) loses the fibonacci win.
        return json(answer(config.fibonacci.enabled ? threeTrades : threeTrades.slice(1)));
      },
    });
    await openBacktest();
    fireEvent.click(screen.getByRole('switch', { name: 'Comparar com outra configuração' }));
    fireEvent.click(screen.getByRole('switch', { name: 'B: Fibonacci' }));
    const max = screen.getByLabelText<HTMLInputElement>('Máx. trades/dia');
    // Emptied while typing: the field shows it, B keeps its last valid number.
    fireEvent.change(max, { target: { value: '' } });
    expect(max.value).toBe('');
    fireEvent.change(max, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Timeframe'), { target: { value: 'M15' } });
    run('Executar A e B');
    const table = await screen.findByRole('table', { name: 'Comparação' });

    const [a, b] = bodies(api);
    expect(a?.config).toEqual(savedConfig());
    expect(b?.config.fibonacci.enabled).toBe(false);
    expect(b?.config.general).toEqual({ symbol: 'WINJ26', timeframe: 'M15', max_daily_trades: 3 });
    expect(b?.start_date).toBe(a?.start_date);
    expect(b?.end_date).toBe(a?.end_date);

    const heads = within(table).getAllByRole('columnheader').map(textOf);
    expect(heads).toEqual(['Indicador', 'Configuração A', 'Configuração B', 'Diferença (B − A)']);
    const row = (name: string) =>
      textOf(within(table).getByRole('row', { name: new RegExp(name) }));
    expect(row('Total de trades')).toBe('Total de trades32-1');
    expect(row('Lucro líquido')).toBe('Lucro líquidoR$ 150,00-R$ 50,00-R$ 200,00B pior');
    expect(within(table).getAllByText('B pior').length).toBeGreaterThan(0);

    // Both runs' strategies and refused signals, and a switch for the trades table.
    expect(screen.getAllByRole('heading', { name: 'Configuração B' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Configuração B (2)' }));
    const tradesB = screen.getByRole('table', { name: 'Trades do backtest · Configuração B' });
    expect(within(tradesB).getAllByRole('row')).toHaveLength(3);
  });

  it("'Copiar A de novo' puts B back to the saved values", async () => {
    backtestApi();
    await openBacktest();
    fireEvent.click(screen.getByRole('switch', { name: 'Comparar com outra configuração' }));
    const fib = () => screen.getByRole('switch', { name: 'B: Fibonacci' });
    fireEvent.click(fib());
    fireEvent.change(screen.getByLabelText('Máx. trades/dia'), { target: { value: '7' } });
    expect(fib().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar A de novo' }));
    expect(fib().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Máx. trades/dia').value).toBe('10');
  });
});
