import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { adminUser } from '../../../test/session-fixtures';

function submit(identifier = 'ana@vortex.com.br', password = 'S3nha!forte') {
  fireEvent.change(screen.getByLabelText('Usuário ou email'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Entrar' });
  return app;
}

describe('login page', () => {
  it('offers the spec texts and links', async () => {
    fakeApi();
    await openLogin();
    expect(screen.getAllByText('Vórtex', { selector: 'span' }).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Usuário ou email').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Senha').hasAttribute('required')).toBe(true);
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    for (const text of [
      'Bot automático para MT5',
      'Estatísticas em tempo real',
      'Relatórios MT5',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/Alertas por email, SMS e WhatsApp/)).toBeTruthy();
  });

  it.each([
    ['Conta REAL', 'real', 'Criar Conta REAL'],
    ['Teste grátis por 7 dias', 'demo', 'Criar Conta Teste Grátis 7 dias'],
  ])('%s leads to /register with the type', async (label, type, title) => {
    fakeApi();
    const app = await openLogin();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(label) }));
    await screen.findByRole('heading', { level: 1, name: title });
    expect(app.router.state.location.search).toBe(`?type=${type}`);
  });

  it('stores the session, pings MT5 status and opens /dashboard', async () => {
    const api = fakeApi({
      'POST /auth/login': () =>
        json({ access_token: 'tok-new', user: adminUser, permissions: ['users:manage'] }),
      'GET /mt5/status': () => json({ connected: false }),
    });
    const app = await openLogin();
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.pathname()).toBe('/dashboard');
    expect(api.callsTo('/auth/login')[0]?.body).toEqual({
      email: 'ana@vortex.com.br',
      password: 'S3nha!forte',
    });
    expect(localStorage.getItem('auth_token')).toBe('tok-new');
    expect(JSON.parse(localStorage.getItem('user_data') ?? '{}')).toMatchObject(adminUser);
    expect(localStorage.getItem('user_permissions')).toBe('["users:manage"]');
    expect(sessionStorage.getItem('fresh_login')).toBe('done');
    await waitFor(() => {
      expect(api.callsTo('/mt5/status')[0]?.headers.authorization).toBe('Bearer tok-new');
    });
  });

  it('accepts the token under the name token', async () => {
    fakeApi({ 'POST /auth/login': () => json({ token: 'tok-legacy', user: adminUser }) });
    await openLogin();
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(localStorage.getItem('auth_token')).toBe('tok-legacy');
  });

  it.each([
    [
      'the server error',
      () => json({ success: false, error: 'Credenciais inválidas' }, { status: 401 }),
      'Credenciais inválidas',
    ],
    [
      'the HTTP status text',
      () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
      'Bad Gateway',
    ],
    ['Erro no login', () => new Response(null, { status: 500, statusText: '' }), 'Erro no login'],
    ['Erro no login without token', () => json({ user: adminUser }), 'Erro no login'],
    [
      'Erro de conexão',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Erro de conexão: Failed to fetch',
    ],
  ])('shows %s when the login fails', async (_case, answer, text) => {
    fakeApi({ 'POST /auth/login': answer });
    const app = await openLogin();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(app.pathname()).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
