import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { listedUsers, usersApi } from '../users.fixtures';

async function openUsers() {
  const app = renderApp('/users');
  await screen.findByRole('heading', { level: 1, name: 'Gerenciamento de Usuários' });
  return app;
}

const rowsOf = () => screen.getAllByRole('row').slice(1);
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const openActiveTab = () => {
  fireEvent.mouseDown(tab(/Usuários ativos/));
};
const choose = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('users screen (access-and-admin.md §2, §4, §9)', () => {
  it('opens on the pending tab with its count, and fills the four cards', async () => {
    usersApi();
    await openUsers();
    await screen.findByText('Paula Pendente');
    expect(tab(/Pendentes/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/Pendentes/).textContent).toBe('Pendentes2');
    expect(rowsOf().map((r) => within(r).getAllByText(/\w/)[0]?.textContent)).toEqual([
      'Paula Pendente',
      'Rui Real',
    ]);
    expect(screen.getByTestId('stat-total').textContent).toBe('6');
    expect(screen.getByTestId('stat-pending').textContent).toBe('2');
    // approved + active (§9); suspended and rejected are not active.
    expect(screen.getByTestId('stat-active').textContent).toBe('2');
    expect(screen.getByTestId('stat-onlineToday').textContent).toBe('1');
  });

  it('shows the pending data: birth date, account type, registration date and badge', async () => {
    usersApi();
    await openUsers();
    const row = (await screen.findByText('Paula Pendente')).closest('tr') as HTMLElement;
    expect(within(row).getByText('08/03/1995')).toBeTruthy();
    expect(within(row).getByText('DEMO')).toBeTruthy();
    expect(within(row).getByText('10/01/2025 09:00')).toBeTruthy();
    expect(within(row).getByText('Pendente')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Rejeitar' })).toBeTruthy();
  });

  it('lists approved, active and suspended users on the active tab', async () => {
    usersApi();
    await openUsers();
    await screen.findByText('Paula Pendente');
    openActiveTab();
    const carlos = (await screen.findByText('Carlos Ativo')).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Usuário',
      'Role e tipo',
      'Status',
      'Último acesso',
      'Testar canais',
      'Ações',
    ]);
    expect(within(carlos).getByText('Trader', { selector: 'span' })).toBeTruthy();
    expect(within(carlos).getByText('Ativo')).toBeTruthy();
    expect(within(carlos).getByText('03/02/2025 10:45')).toBeTruthy();
    const sofia = screen.getByText('Sófia Suspensa').closest('tr') as HTMLElement;
    expect(within(sofia).getByText('Suspenso')).toBeTruthy();
    expect(within(sofia).getByText('Nunca')).toBeTruthy();
    expect(screen.queryByText('Bia Rejeitada')).toBeNull();
    expect(screen.queryByText('Paula Pendente')).toBeNull();
  });

  it('filters by text, role, status and account type', async () => {
    usersApi();
    await openUsers();
    await screen.findByText('Paula Pendente');
    openActiveTab();
    await screen.findByText('Carlos Ativo');
    const names = () => rowsOf().map((r) => r.querySelector('p')?.firstChild?.textContent);

    choose('Buscar', 'sofia');
    expect(names()).toEqual(['Sófia Suspensa']);
    choose('Buscar', 'VTX-000020');
    expect(names()).toEqual(['Carlos Ativo']);
    choose('Buscar', 'nao-existe');
    expect(screen.getByText('Nenhum usuário encontrado')).toBeTruthy();
    choose('Buscar', '');

    choose('Role', 'viewer');
    expect(names()).toEqual(['Sófia Suspensa']);
    choose('Role', 'all');
    choose('Status', 'active');
    expect(names()).toEqual(['Ana Admin', 'Carlos Ativo']);
    choose('Status', 'suspended');
    expect(names()).toEqual(['Sófia Suspensa']);
    choose('Status', 'all');
    choose('Tipo de conta', 'DEMO');
    expect(names()).toEqual(['Sófia Suspensa']);

    fireEvent.mouseDown(tab(/Pendentes/));
    expect(names()).toEqual(['Paula Pendente']);
    expect(tab(/Pendentes/).textContent).toBe('Pendentes1');
    choose('Status', 'suspended');
    expect(screen.getByText('Nenhuma conta pendente')).toBeTruthy();
  });

  it('reloads the list from the refresh button', async () => {
    const api = usersApi();
    await openUsers();
    await screen.findByText('Paula Pendente');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => {
      expect(api.callsTo('/users')).toHaveLength(2);
    });
    expect(api.callsTo('/users')[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('accepts the list under data, and account types in any case', async () => {
    const lower = listedUsers.map((u) => ({ ...u, account_type: u.account_type.toLowerCase() }));
    usersApi({ 'GET /users': () => json({ success: true, data: lower }) });
    await openUsers();
    const row = (await screen.findByText('Paula Pendente')).closest('tr') as HTMLElement;
    expect(within(row).getByText('DEMO')).toBeTruthy();
  });

  it.each([
    [
      'the server error',
      () => json({ success: false, error: 'Acesso negado.' }, { status: 403 }),
      'Erro ao carregar usuários: Acesso negado.',
    ],
    ['the HTTP status', () => json({}, { status: 500 }), 'Erro ao carregar usuários: HTTP 500'],
    [
      'an HTML answer',
      () => new Response('<!doctype html><html></html>', { status: 200 }),
      'Erro ao carregar usuários: Servidor retornou HTML ao invés de JSON',
    ],
  ])('says the list failed with %s, and retries', async (_case, answer, text) => {
    let calls = 0;
    usersApi({
      'GET /users': () =>
        ++calls === 1 ? answer() : json({ success: true, users: listedUsers, data: listedUsers }),
    });
    await openUsers();
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByText('Nenhuma conta pendente')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Paula Pendente')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the communication centre full screen and closes it both ways', async () => {
    usersApi();
    await openUsers();
    const open = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Central de Comunicação' }));
      return screen.getByRole('dialog', { name: 'Central de Comunicação' });
    };
    const tabs = (await within(open()).findAllByRole('tab')).map((tab) => tab.textContent);
    expect(tabs).toEqual(['Mensagens manuais', 'Teste de canais', 'Templates', 'WhatsApp']);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    open();
    // Radix starts listening for outside presses one task after the dialog opens.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const backdrop = screen.getByTestId('communication-backdrop');
    // A press on the backdrop, as a browser sends it: pointerdown, then click.
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
