import type { TaxMonthRow, TaxYearResponse } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeUser, seedSession, traderUser } from '../../../test/session-fixtures';
import { september, septemberDetail, taxYear } from '../taxes.fixtures';
import { currentYear } from '../utils/paths';

function taxesApi(
  opts: {
    year?: TaxYearResponse;
    user?: typeof traderUser;
    yearStatus?: number;
    darf?: (call: FakeCall) => Response;
    settings?: (call: FakeCall) => Response;
    csv?: string;
  } = {},
) {
  const user = opts.user ?? traderUser;
  seedSession(user);
  let year = opts.year ?? taxYear();
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user }),
    'GET /api/taxes': () =>
      opts.yearStatus
        ? json({ success: false, error: 'falhou' }, { status: opts.yearStatus })
        : json(year),
    'GET /api/taxes/months/2026-09': () => json(septemberDetail),
    'PUT /api/taxes/darf/2026-09': (call) => {
      const paid = (call.body as { paid: boolean }).paid
        ? { paid_at: '2026-11-27T14:00:00.000Z', amount_cents: september.darf_cents }
        : null;
      year = {
        ...year,
        months: year.months.map((m) => (m.month === '2026-09' ? { ...m, paid } : m)),
      };
      return (
        opts.darf ??
        (() => json({ success: true, month: '2026-09', paid, message: 'DARF marcado como pago.' }))
      )(call);
    },
    'GET /api/taxes/annual.csv': () =>
      new Response(opts.csv ?? '', { headers: { 'Content-Type': 'text/csv' } }),
    'PUT /api/taxes/settings':
      opts.settings ??
      ((call) => json({ success: true, settings: call.body as TaxYearResponse['settings'] })),
  });
}

async function openTaxes(path = '/impostos') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Imposto de Renda' });
  return app;
}

/** formatBRL puts a no-break space after R$. */
const textOf = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');

const urlOf = (u: RequestInfo | URL): string =>
  typeof u === 'string' ? u : u instanceof URL ? u.href : u.url;

const monthRow = async (label: string) => screen.findByRole('row', { name: label });

describe("/impostos 'Imposto de Renda' (issue 17)", () => {
  it('shows the note, the months with their DARF situation and the year total', async () => {
    const api = taxesApi();
    await openTaxes();
    // The API needs the year: the screen starts on São Paulo's current one.
    expect(
      urlOf(api.fetchMock.mock.calls.find(([u]) => urlOf(u).includes('/api/taxes'))?.[0] ?? ''),
    ).toMatch(new RegExp(`/api/taxes\\?year=${currentYear()}$`));
    expect(screen.getByRole('note').textContent).toContain('não substitui um contador');
    const sep = within(await monthRow('setembro de 2026'));
    // The day trade's result and the month's base.
    expect(sep.getAllByText('R$ 1.500,00')).toHaveLength(2);
    expect(sep.getByText('R$ 285,00')).toBeTruthy();
    expect(sep.getByText('30/10/2026')).toBeTruthy();
    // Today (27/11) is past the due date.
    expect(sep.getByText('Vencido')).toBeTruthy();
    const oct = within(await monthRow('outubro de 2026'));
    expect(oct.getByText('abaixo de R$ 10,00 — acumulado')).toBeTruthy();
    expect(within(await monthRow('novembro de 2026')).getByText('Mês em andamento')).toBeTruthy();
    const total = screen.getByText('Total do ano').closest('tr');
    // Only a due DARF adds to the year's: October's R$ 6,00 waits for a later month.
    expect(textOf(total)).toContain('R$ 1.530,00');
    expect(textOf(total)).toContain('R$ 285,00');
  });

  it('sets the loss to compensate under its result and the due date under the DARF', async () => {
    taxesApi();
    await openTaxes();
    const sep = within(await monthRow('setembro de 2026'));
    // Eleven columns side by side overflowed the card at 1440 px and the pinned DARF covered
    // 'Imposto devido'; eight fit beside the sidebar from 1280 px up.
    expect(screen.getAllByRole('columnheader').map(textOf)).toEqual([
      'Mês',
      'Day tradePrejuízo a compensar (day trade)',
      'Operações comunsPrejuízo a compensar (comuns)',
      'Base de cálculo',
      'Imposto devido',
      'IRRF deduzido',
      'DARFVencimento',
      'Situação',
    ]);
    expect(sep.getAllByRole('cell').map(textOf).slice(1, 7)).toEqual([
      'R$ 1.500,00R$ 0,00',
      'R$ 0,00R$ 0,00',
      'R$ 1.500,00',
      'R$ 300,00',
      'R$ 15,00',
      'R$ 285,0030/10/2026',
    ]);
  });

  it("loads a month's operations only when it is opened, grouped by day", async () => {
    const api = taxesApi();
    await openTaxes();
    const sep = await monthRow('setembro de 2026');
    expect(api.callsTo('/api/taxes/months/2026-09')).toHaveLength(0);
    fireEvent.click(within(sep).getByRole('button', { name: 'Ver operações' }));
    const day = await screen.findByRole('region', { name: 'Dia 15/09/2026' });
    expect(api.callsTo('/api/taxes/months/2026-09')).toHaveLength(1);
    expect(within(day).getByText('WINV26')).toBeTruthy();
    expect(within(day).getByText('antes do histórico')).toBeTruthy();
    expect(within(day).getByText('15/09/2026 10:00')).toBeTruthy();
    fireEvent.click(within(sep).getByRole('button', { name: 'Ocultar operações' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Dia 15/09/2026' })).toBeNull(),
    );
  });

  it('marks a DARF paid and shows when, then can unmark it', async () => {
    const api = taxesApi();
    await openTaxes();
    const sep = await monthRow('setembro de 2026');
    fireEvent.click(within(sep).getByRole('button', { name: 'Marcar como pago' }));
    await within(sep).findByText('Pago');
    expect(within(sep).getByText('Pago em 27/11/2026')).toBeTruthy();
    expect(api.callsTo('/api/taxes/darf/2026-09')[0]?.body).toEqual({ paid: true });
    fireEvent.click(within(sep).getByRole('button', { name: 'Desmarcar pagamento' }));
    await within(sep).findByRole('button', { name: 'Marcar como pago' });
    expect(api.callsTo('/api/taxes/darf/2026-09')[1]?.body).toEqual({ paid: false });
  });

  it('says so when the amount paid is not the one computed now', async () => {
    const paid: TaxMonthRow = {
      ...september,
      paid: { paid_at: '2026-10-20', amount_cents: 20_000 },
    };
    taxesApi({ year: taxYear({ months: [paid] }) });
    await openTaxes();
    const sep = within(await monthRow('setembro de 2026'));
    expect(sep.getByText('Pago em 20/10/2026')).toBeTruthy();
    expect(
      sep.getByText('O valor calculado mudou desde que o pagamento foi marcado.'),
    ).toBeTruthy();
  });

  it("shows the server's refusal of a mark in pt-BR", async () => {
    taxesApi({
      darf: () =>
        json({ success: false, error: 'Não há DARF a pagar neste mês.' }, { status: 409 }),
    });
    await openTaxes();
    const sep = await monthRow('setembro de 2026');
    fireEvent.click(within(sep).getByRole('button', { name: 'Marcar como pago' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não há DARF a pagar neste mês.');
  });

  it('saves the cost per contract and the reminder; refuses a cost out of range', async () => {
    const api = taxesApi();
    await openTaxes();
    const cost = await screen.findByLabelText('Custo por contrato por lado (R$)');
    fireEvent.change(cost, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(/Custo por contrato inválido/);
    expect(api.callsTo('/api/taxes/settings')).toHaveLength(0);
    fireEvent.change(cost, { target: { value: '1,25' } });
    fireEvent.click(
      screen.getByRole('switch', { name: 'Lembrar do DARF cinco dias úteis antes do vencimento' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configurações de imposto salvas.');
    expect(api.callsTo('/api/taxes/settings')[0]?.body).toEqual({
      cost_per_contract_side: 1.25,
      darf_reminder: false,
    });
  });

  it('lets a viewer read but neither mark a DARF nor change the settings', async () => {
    taxesApi({ user: makeUser({ id: 9, role: 'viewer' }) });
    await openTaxes();
    const sep = await monthRow('setembro de 2026');
    expect(within(sep).queryByRole('button', { name: 'Marcar como pago' })).toBeNull();
    expect(
      screen.getByLabelText<HTMLInputElement>('Custo por contrato por lado (R$)').disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByText(/Seu perfil é de visualização/)).toBeTruthy();
  });

  it('says when the figures come from demo accounts only, and not otherwise', async () => {
    const app = await (async () => {
      taxesApi({ year: taxYear({ basis: 'demo' }) });
      return openTaxes();
    })();
    await screen.findByText(/Você só tem contas demo/);
    app.unmount();
    taxesApi();
    await openTaxes();
    await monthRow('setembro de 2026');
    expect(screen.queryByText(/Você só tem contas demo/)).toBeNull();
  });

  it('says a year without operations is empty, and a failed load can be retried', async () => {
    taxesApi({ year: taxYear({ months: [] }) });
    const app = await openTaxes();
    await screen.findByText('Nenhuma operação encerrada neste ano.');
    app.unmount();
    const api = taxesApi({ yearStatus: 500 });
    await openTaxes();
    await screen.findByText('Não foi possível calcular o imposto. Tente novamente.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(api.callsTo('/api/taxes')).toHaveLength(2));
  });

  it('asks for the year picked, keeping it in the address', async () => {
    const api = taxesApi();
    const app = await openTaxes();
    fireEvent.change(await screen.findByLabelText('Ano'), { target: { value: '2025' } });
    await waitFor(() => expect(app.router.state.location.search).toBe('?ano=2025'));
    await waitFor(() => expect(api.callsTo('/api/taxes')).toHaveLength(2));
    expect(
      api.fetchMock.mock.calls.some(([url]) => urlOf(url).endsWith('/api/taxes?year=2025')),
    ).toBe(true);
  });

  it("downloads the year's CSV with the session's token", async () => {
    const csv = 'Mês,Imposto a pagar\r\n2026-09,285.00\r\n';
    const api = taxesApi({ csv });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await openTaxes();
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar CSV anual' }));
    await waitFor(() => expect(names).toEqual(['imposto-de-renda-2026.csv']));
    expect(await blobs[0]?.text()).toBe(csv);
    const call = api.fetchMock.mock.calls.find(([u]) => urlOf(u).includes('annual.csv'));
    expect(call ? urlOf(call[0]) : '').toMatch(/\/api\/taxes\/annual\.csv\?year=2026$/);
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer tok-123');
  });
});

describe('/impostos on a phone', () => {
  it('shows each month as a card, with its DARF action and operations', async () => {
    const phone = '(max-width: 767px)';
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === phone,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as Partial<MediaQueryList> as MediaQueryList,
    );
    const api = taxesApi();
    await openTaxes();
    const sep = await screen.findByRole('listitem', { name: 'setembro de 2026' });
    expect(screen.queryByRole('row', { name: 'setembro de 2026' })).toBeNull();
    expect(within(sep).getByText('30/10/2026')).toBeTruthy();
    fireEvent.click(within(sep).getByRole('button', { name: 'Marcar como pago' }));
    await within(sep).findByText('Pago');
    expect(api.callsTo('/api/taxes/darf/2026-09')).toHaveLength(1);
    fireEvent.click(within(sep).getByRole('button', { name: 'Ver operações' }));
    await within(sep).findByRole('region', { name: 'Dia 15/09/2026' });
    expect(screen.getByRole('listitem', { name: 'Total do ano' })).toBeTruthy();
  });
});

describe('/impostos/anual/:year, the printable summary', () => {
  it('shows the IRPF tables for the year and prints on Imprimir', async () => {
    const api = taxesApi();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/impostos/anual/2026');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Renda Variável — Operações em mercado futuro',
    });
    const dayTrade = await screen.findByRole('region', { name: 'Day trade' });
    const sep = within(dayTrade).getByRole('row', { name: /setembro de 2026/ });
    expect(textOf(sep)).toContain('R$ 1.500,00');
    expect(textOf(sep)).toContain('20%');
    const consolidation = screen.getByRole('region', { name: 'Consolidação mensal' });
    expect(within(consolidation).getByText('30/10/2026')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Operações comuns' })).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([u]) => urlOf(u).endsWith('/api/taxes?year=2026'))).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
