import { userAdminMessages } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { click, dialog, listedUsers, ok, openUsers, rowOf, usersApi } from '../users.fixtures';

describe('editing a user (access-and-admin.md §4, §5, §8)', () => {
  it('edits one row at a time', async () => {
    usersApi();
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Editar');
    expect(screen.getByLabelText<HTMLInputElement>('Nome completo').value).toBe('Carlos Ativo');
    click(rowOf('Sófia Suspensa'), 'Editar');
    const names = screen.getAllByLabelText<HTMLInputElement>('Nome completo');
    expect(names.map((input) => input.value)).toEqual(['Sófia Suspensa']);
    expect(screen.getByText('Carlos Ativo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
  });

  it('saves every field, toasts, leaves edit mode and reloads the list', async () => {
    const carlos = listedUsers.find((u) => u.id === 20);
    const api = usersApi({
      'PUT /users/20': () =>
        json({ success: true, message: userAdminMessages.updated, user: carlos }),
    });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Editar');
    const form = screen.getByRole('form', { name: 'Editando carlos_a' });
    const field = (label: string) => within(form).getByLabelText(label);
    fireEvent.change(field('Nome completo'), { target: { value: 'Carlos A. Souza' } });
    fireEvent.change(field('Data de nascimento (AAAA-MM-DD)'), {
      target: { value: '1988-12-01' },
    });
    fireEvent.change(field('Status'), { target: { value: 'suspended' } });
    fireEvent.change(field('Tipo de conta'), { target: { value: 'DEMO' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário atualizado com sucesso!')).toBeTruthy();
    expect(api.callsTo('/users/20')[0]?.body).toEqual({
      full_name: 'Carlos A. Souza',
      date_of_birth: '1988-12-01',
      email: 'carlos_a@vortex.com.br',
      phone: '+55 11 91234-5678',
      username: 'carlos_a',
      role: 'trader',
      status: 'suspended',
      account_type: 'DEMO',
    });
    await waitFor(() => {
      expect(screen.queryByRole('form')).toBeNull();
    });
    expect(api.callsTo('/users')).toHaveLength(2);
  });

  it.each([
    [
      'Falha ao atualizar usuário',
      () => json({ success: false, error: userAdminMessages.emailTaken }, { status: 409 }),
      userAdminMessages.emailTaken,
    ],
    ['Erro ao salvar edição', () => Promise.reject(new TypeError('Failed to fetch')), null],
  ])('says %s and stays in edit mode when saving fails', async (text, answer, detail) => {
    usersApi({ 'PUT /users/20': answer });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Editar');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(text)).toBeTruthy();
    if (detail) expect(screen.getByText(detail)).toBeTruthy();
    expect(screen.getByRole('form')).toBeTruthy();
  });
});

describe('role, deletion and tests (access-and-admin.md §2, §5, §8)', () => {
  it('asks before changing the role from the select', async () => {
    const api = usersApi({ 'POST /users/20/role': ok(userAdminMessages.roleChanged) });
    await openUsers('active');
    fireEvent.change(within(rowOf('Carlos Ativo')).getByLabelText('Alterar role'), {
      target: { value: 'viewer' },
    });
    expect(
      within(dialog()).getByText('Tem certeza que deseja alterar a role para "Visualizador"?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Role alterada com sucesso!')).toBeTruthy();
    expect(api.callsTo('/users/20/role')[0]?.body).toEqual({ role: 'viewer' });
  });

  it('promotes to admin with one button, through the same confirmation', async () => {
    const api = usersApi({
      'POST /users/20/role': () => json({ success: false, error: 'x' }, { status: 400 }),
    });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Tornar admin');
    expect(
      within(dialog()).getByText('Tem certeza que deseja alterar a role para "Administrador"?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Falha ao alterar role')).toBeTruthy();
    expect(api.callsTo('/users/20/role')[0]?.body).toEqual({ role: 'admin' });
  });

  it('spares the admin their own delete, demotion and role change', async () => {
    usersApi();
    await openUsers('active');
    const self = rowOf('Ana Admin');
    expect(within(self).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(self).queryByRole('button', { name: 'Tornar usuário' })).toBeNull();
    expect(within(self).getByLabelText<HTMLSelectElement>('Alterar role').disabled).toBe(true);
    expect(within(self).getByRole('button', { name: 'Editar' })).toBeTruthy();
  });

  it('warns that deletion is permanent, then deletes', async () => {
    const api = usersApi({ 'DELETE /users/20': ok(userAdminMessages.deleted) });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Excluir');
    expect(within(dialog()).getByText(/permanente e não pode ser desfeita/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Usuário excluído com sucesso!')).toBeTruthy();
    expect(api.callsTo('/users/20')[0]?.method).toBe('DELETE');
  });

  it.each([
    ['Falha ao excluir usuário', () => json({ success: false, error: 'x' }, { status: 500 })],
    ['Erro ao excluir usuário', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says %s when deletion fails', async (text, answer) => {
    usersApi({ 'DELETE /users/20': answer });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Excluir');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it.each([
    ['Email', 'email', { email: { success: true } }, 'Teste enviado. Canais OK: Email'],
    [
      'SMS',
      'sms',
      { sms: { success: false, error: userAdminMessages.channelNotConfigured } },
      'Nenhum canal enviou o teste.',
    ],
    ['WhatsApp', 'whatsapp', {}, 'Teste enviado.'],
  ])('tests the %s channel of one user', async (button, channel, results, text) => {
    const api = usersApi({
      [`POST /users/20/test/${channel}`]: () => json({ success: true, message: 'ok', results }),
    });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), button);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(api.callsTo(`/users/20/test/${channel}`)[0]?.method).toBe('POST');
  });

  it.each([
    ['Falha ao executar teste', () => json({ success: false, error: 'x' }, { status: 502 })],
    ['Erro de conexão', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says %s when a test fails', async (text, answer) => {
    usersApi({ 'POST /users/20/test/email': answer });
    await openUsers('active');
    click(rowOf('Carlos Ativo'), 'Email');
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
