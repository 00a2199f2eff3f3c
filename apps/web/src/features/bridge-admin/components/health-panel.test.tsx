import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  bridgeAdminApi,
  health,
  openBridgeAdmin,
  openPanel,
  panel,
} from '../bridge-admin.fixtures';
import { HealthPanel } from './health-panel';

const healthPanel = () => panel('Bridge Health');
const counter = (metric: string) => within(healthPanel()).getByTestId(`health-${metric}`);
const valueOf = (metric: string) =>
  counter(metric).querySelector('p:nth-of-type(2)') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe("'Bridge Health' panel (trading.md §2, §9)", () => {
  it('shows the counters, the limits and the allowed origins', async () => {
    bridgeAdminApi();
    await openBridgeAdmin();
    const region = healthPanel();
    await within(region).findByTestId('health-ws_users');
    expect(valueOf('ws_users').textContent).toBe('3');
    expect(valueOf('ws_connections').textContent).toBe('4');
    expect(valueOf('active_sessions').textContent).toBe('2');
    expect(
      within(region).getByText('Agentes conectados', { selector: 'p' }).nextSibling?.textContent,
    ).toBe('1');
    expect(within(region).getByText('Rate limit', { selector: 'p' }).nextSibling?.textContent).toBe(
      'memory',
    );
    expect(
      within(region).getByText('Limite por usuário', { selector: 'p' }).nextSibling?.textContent,
    ).toBe('10');
    expect(within(region).getByText('http://localhost:5173')).toBeTruthy();
  });

  it('lists what agents sent that was refused, with the 24 h count', async () => {
    bridgeAdminApi();
    await openBridgeAdmin();
    const region = within(healthPanel());
    const list = within(await region.findByRole('region', { name: 'Dados recusados dos agentes' }));
    expect(list.getByTestId('health-rejections-24h').textContent).toBe(
      '2 recusas nas últimas 24 h',
    );
    const rows = list.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'joao.trader#20',
        '5012345',
        'Deal',
        '90210',
        'profit: Grande demais: esperava que o número fosse <= 1000000000000',
        '01/03/2025 08:58:00',
      ],
      [
        'maria.day#21',
        '—',
        'Lote inteiro',
        'b1k2-9',
        expect.stringMatching(/^O banco de dados recusou o lote/),
        '01/03/2025 08:40:00',
      ],
    ]);
  });

  it('says so when nothing was refused', async () => {
    bridgeAdminApi({
      'GET /bridge/health': () => json({ ...health, rejections_24h: 0, recent_rejections: [] }),
    });
    await openBridgeAdmin();
    const list = within(
      await within(healthPanel()).findByRole('region', { name: 'Dados recusados dos agentes' }),
    );
    expect(list.getByTestId('health-rejections-24h').textContent).toBe(
      '0 recusas nas últimas 24 h',
    );
    expect(list.getByText('Nenhum dado recusado.')).toBeTruthy();
  });

  it.each([
    // [value, level, class]: warn strictly above the first threshold, danger above the second.
    ['ws_users', 20, 'ok', 'text-success'],
    ['ws_users', 21, 'warn', 'text-amber-600'],
    ['ws_users', 51, 'danger', 'text-destructive'],
    ['ws_connections', 30, 'ok', 'text-success'],
    ['ws_connections', 31, 'warn', 'text-amber-600'],
    ['ws_connections', 61, 'danger', 'text-destructive'],
    ['active_sessions', 50, 'ok', 'text-success'],
    ['active_sessions', 100, 'warn', 'text-amber-600'],
    ['active_sessions', 101, 'danger', 'text-destructive'],
  ])('colours %s = %i as %s', async (metric, value, level, colour) => {
    bridgeAdminApi({ 'GET /bridge/health': () => json({ ...health, [metric]: value }) });
    await openBridgeAdmin();
    await within(healthPanel()).findByTestId('health-ws_users');
    expect(counter(metric).dataset.level).toBe(level);
    expect(valueOf(metric).className).toContain(colour);
  });

  it('polls every 10 s and charts the last 50 answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const api = bridgeAdminApi({
      'GET /bridge/health': () => json({ ...health, ws_users: ++answers }),
    });
    await openPanel(<HealthPanel />, 'Bridge Health');
    await within(healthPanel()).findByTestId('health-ws_users');
    const chart = () => within(healthPanel()).getByRole('img', { name: /^Canal ao vivo/ });
    const points = () =>
      chart().querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    await vi.advanceTimersByTimeAsync(9_000);
    expect(api.callsTo('/bridge/health')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(api.callsTo('/bridge/health')).toHaveLength(2);
    expect(points()).toHaveLength(2);
    expect(chart().getAttribute('aria-label')).toContain('Usuários WS: 2');
    for (let i = 0; i < 55; i++) await vi.advanceTimersByTimeAsync(10_000);
    expect(answers).toBe(57);
    expect(points()).toHaveLength(50);
    expect(chart().closest('figure')?.textContent).toContain('50 de 50 amostras · pico 57');
    expect(screen.getByRole('img', { name: /Usuários WS: 57/ })).toBeTruthy();
  });
});
