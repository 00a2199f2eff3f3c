import { userAdminMessages } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { click, dialog, ok, openUsers, rowOf, usersApi } from '../users.fixtures';

describe('pending accounts (access-and-admin.md §2, §5, §8)', () => {
  it('approves at once, toasts, and reloads the list', async () => {
    const api = usersApi({ 'PUT /users/10/approve': ok(userAdminMessages.approved) });
    await openUsers('pending');
    click(rowOf('Paula Pendente'), 'Aprovar');
    expect(await screen.findByText('Conta aprovada com sucesso!')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('/users')).toHaveLength(2);
    });
  });

  it.each([
    ['Erro ao aprovar conta', () => json({ success: false, error: 'x' }, { status: 409 })],
    ['Erro de conexão', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says %s when approval fails', async (text, answer) => {
    usersApi({ 'PUT /users/10/approve': answer });
    await openUsers('pending');
    click(rowOf('Paula Pendente'), 'Aprovar');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('rejects only after the confirmation', async () => {
    const api = usersApi({ 'PUT /users/11/reject': ok(userAdminMessages.rejected) });
    await openUsers('pending');
    click(rowOf('Rui Real'), 'Rejeitar');
    expect(within(dialog()).getByText('Tem certeza que deseja rejeitar esta conta?')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(api.callsTo('/users/11/reject')).toHaveLength(0);

    click(rowOf('Rui Real'), 'Rejeitar');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText('Conta rejeitada')).toBeTruthy();
    expect(api.callsTo('/users/11/reject')[0]?.method).toBe('PUT');
  });

  it('says Erro ao rejeitar conta when rejection fails', async () => {
    usersApi({
      'PUT /users/11/reject': () => json({ success: false, error: 'x' }, { status: 500 }),
    });
    await openUsers('pending');
    click(rowOf('Rui Real'), 'Rejeitar');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText('Erro ao rejeitar conta')).toBeTruthy();
  });
});
