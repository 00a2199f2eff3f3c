import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/ui/use-media-query';
import { openUsers, usersApi } from '../users.fixtures';

/** A 390 px wide screen: only the phone query matches. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('the users screen on a phone (issue 14, item 11)', () => {
  beforeEach(onPhone);

  it('shows each active user as a card with every key fact and action, no table', async () => {
    usersApi();
    await openUsers('active');
    const list = screen.getByRole('list', { name: 'Usuários ativos' });
    expect(within(list).queryByRole('table')).toBeNull();
    expect(within(list).queryAllByRole('columnheader')).toEqual([]);
    const carlos = cardOf('Carlos Ativo');
    expect(within(carlos).getByText('Trader', { selector: 'span' })).toBeTruthy();
    expect(within(carlos).getByText('Ativo')).toBeTruthy();
    expect(within(carlos).getByText('03/02/2025 10:45')).toBeTruthy();
    expect(within(carlos).getByRole('group', { name: 'Testar canais' })).toBeTruthy();
    expect(within(carlos).getByLabelText('Alterar role')).toBeTruthy();
    expect(within(carlos).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(within(cardOf('Sófia Suspensa')).getByText('Suspenso')).toBeTruthy();
  });

  it('edits a user from its card, with the translated role names', async () => {
    usersApi();
    await openUsers('active');
    fireEvent.click(within(cardOf('Carlos Ativo')).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('form');
    const roles = within(form).getByLabelText('Role');
    expect(
      within(roles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Administrador', 'Usuário', 'Trader', 'Visualizador']);
  });

  it('keeps the pending table to its key columns, the rest folded into the first', async () => {
    usersApi();
    await openUsers('pending');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Dados do usuário',
      'Ações',
    ]);
    const row = screen.getByText('Paula Pendente').closest('tr') as HTMLElement;
    expect(within(row).getByText('DEMO')).toBeTruthy();
    expect(within(row).getByText('10/01/2025 09:00')).toBeTruthy();
    expect(within(row).getByText('Pendente')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
  });
});
