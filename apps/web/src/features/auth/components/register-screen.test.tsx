import { registerMessages } from '@vortex/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { created, fill, openForm, submit, valid } from './register.test-utils';

describe('registration steps (access-and-admin.md §2)', () => {
  it('asks for the account type first, with the login link', async () => {
    fakeApi();
    const app = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Criar Conta' });
    const login = screen.getByRole('link', { name: 'Já tem uma conta? Faça login' });
    expect(login.getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: /Conta DEMO/ }));
    await screen.findByRole('heading', { level: 1, name: 'Criar Conta Teste Grátis 7 dias' });
    expect(app.router.state.location.search).toBe('?type=demo');
  });

  it('skips the type step when the login page passed the type', async () => {
    fakeApi();
    await openForm('real');
    expect(screen.queryByRole('button', { name: /Conta DEMO/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('marks the required fields as §5 says, and the full name not', async () => {
    fakeApi();
    await openForm();
    for (const label of ['Email', 'Telefone', 'Data de nascimento', 'Senha', 'Confirmar senha']) {
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    }
    expect(screen.getByLabelText('Nome completo').hasAttribute('required')).toBe(false);
    expect(screen.getByText(/código do país/)).toBeTruthy();
  });

  it('enables the broker only when MT5 is answered SIM', async () => {
    fakeApi();
    await openForm();
    const broker = () => screen.getByLabelText<HTMLInputElement>('Corretora');
    expect(broker().disabled).toBe(true);
    fill({ 'Utiliza MT5?': 'NAO' });
    expect(broker().disabled).toBe(true);
    fill({ 'Utiliza MT5?': 'SIM' });
    expect(broker().disabled).toBe(false);
    expect(broker().hasAttribute('required')).toBe(true);
  });
});

describe('registration validation (access-and-admin.md §5)', () => {
  it('asks for the required fields once, and sends nothing', async () => {
    const api = fakeApi();
    await openForm();
    submit();
    expect(screen.getByText(registerMessages.requiredFields)).toBeTruthy();
    expect(screen.getByText(registerMessages.birthDateRequired)).toBeTruthy();
    expect(screen.getByLabelText('Nome completo').getAttribute('aria-invalid')).toBe('true');
    // An empty field is only 'missing': its format rules say nothing yet.
    expect(screen.queryByText(registerMessages.phoneInvalid)).toBeNull();
    expect(screen.queryByText(registerMessages.passwordMin)).toBeNull();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a short password',
      { Senha: 'Fo@1', 'Confirmar senha': 'Fo@1' },
      registerMessages.passwordMin,
    ],
    [
      'a password without a special character',
      { Senha: 'Forte1234', 'Confirmar senha': 'Forte1234' },
      registerMessages.passwordStrength,
    ],
    ['different passwords', { 'Confirmar senha': 'Outra@123' }, registerMessages.passwordsDiffer],
    [
      'a future birth date',
      { 'Data de nascimento': '2999-01-01' },
      registerMessages.birthDateFuture,
    ],
    ['MT5 answered NAO', { 'Utiliza MT5?': 'NAO' }, registerMessages.usesMt5Required],
    ['MT5 unanswered', { 'Utiliza MT5?': '' }, registerMessages.usesMt5Required],
    ['a one-letter broker', { Corretora: 'X' }, registerMessages.brokerMin],
  ])('rejects %s with the spec message', async (_case, overrides, message) => {
    const api = fakeApi();
    await openForm();
    fill({ ...valid, ...overrides });
    submit();
    expect(screen.getByText(message)).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('clears a message once the field is fixed', async () => {
    fakeApi();
    await openForm();
    fill({ ...valid, 'Confirmar senha': 'Outra@123' });
    submit();
    expect(screen.getByText(registerMessages.passwordsDiffer)).toBeTruthy();
    fill({ 'Confirmar senha': valid.Senha });
    expect(screen.queryByText(registerMessages.passwordsDiffer)).toBeNull();
  });
});

describe('registration submit (access-and-admin.md §3, §7, §8)', () => {
  it('sends the §3 payload with the derived username, then shows the account', async () => {
    const api = fakeApi({ 'POST /auth/register': created('DEMO') });
    await openForm('demo');
    fill(valid);
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Conta criada com sucesso!' });
    expect(api.callsTo('/auth/register')[0]?.body).toEqual({
      full_name: 'João da Silva',
      username: 'joao_silva',
      email: 'Joao.Silva@exemplo.com.br',
      phone: '+55 11 91234-5678',
      date_of_birth: '1990-05-17',
      password: 'Forte@123',
      account_type: 'demo',
      uses_mt5: true,
      broker: 'XP Investimentos',
    });
    expect(api.callsTo('/auth/register')[0]?.headers.authorization).toBeUndefined();
    expect(screen.getByText('DEMO')).toBeTruthy();
    expect(screen.getByText('joao.silva@exemplo.com.br')).toBeTruthy();
    expect(screen.getByText('até 2 horas')).toBeTruthy();
    expect(screen.getByText(/sendo processada/)).toBeTruthy();
    expect(screen.getByText('Próximos passos')).toBeTruthy();
    expect(screen.getByRole('link', { name: /suporte@/ })).toBeTruthy();
  });

  it('shows 24-48 horas for a REAL account', async () => {
    const api = fakeApi({ 'POST /auth/register': created('REAL') });
    await openForm('real');
    fill(valid);
    submit();
    expect(await screen.findByText('24-48 horas')).toBeTruthy();
    expect(screen.getByText('REAL')).toBeTruthy();
    expect(api.callsTo('/auth/register')[0]?.body).toMatchObject({ account_type: 'real' });
  });

  it.each([
    [
      'the server message',
      () => json({ success: false, error: registerMessages.emailTaken }, { status: 409 }),
      registerMessages.emailTaken,
    ],
    ['Erro ao criar conta', () => json({ success: false }, { status: 400 }), 'Erro ao criar conta'],
    [
      'the non-JSON text',
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      'Erro no servidor. Entre em contato com o suporte.',
    ],
    [
      'the connection text',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Erro de conexão. Tente novamente.',
    ],
  ])('shows %s when registration fails', async (_case, answer, text) => {
    fakeApi({ 'POST /auth/register': answer });
    await openForm();
    fill(valid);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Criar Conta Teste Grátis 7 dias',
    );
  });
});
