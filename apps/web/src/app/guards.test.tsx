import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { adminUser, seedSession, traderUser } from '../test/session-fixtures';

function loggedInAs(user: typeof adminUser) {
  seedSession(user);
  return fakeApi({ 'GET /api/auth/whoami': () => json({ success: true, user }) });
}

async function expectScreen(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
}

describe('route guards (access-and-admin.md §2)', () => {
  it('sends / to /login', async () => {
    fakeApi();
    const app = renderApp('/');
    await expectScreen('Entrar');
    expect(app.pathname()).toBe('/login');
  });

  it('sends a logged-out visit to /dashboard to /login', async () => {
    fakeApi();
    const app = renderApp('/dashboard');
    await expectScreen('Entrar');
    expect(app.pathname()).toBe('/login');
  });

  it('keeps public routes open when logged out', async () => {
    fakeApi();
    const app = renderApp('/register?type=demo');
    await expectScreen('Criar Conta Teste Grátis 7 dias');
    expect(app.pathname()).toBe('/register');
  });

  it('opens /dashboard for a logged-in user', async () => {
    loggedInAs(traderUser);
    const app = renderApp('/dashboard');
    await expectScreen('Dashboard');
    expect(app.pathname()).toBe('/dashboard');
  });

  it.each(['/users', '/mt5', '/backup', '/bridge', '/bridge-admin', '/fibonacci'])(
    'sends a non-admin on %s to /dashboard',
    async (path) => {
      loggedInAs(traderUser);
      const app = renderApp(path);
      await expectScreen('Dashboard');
      expect(app.pathname()).toBe('/dashboard');
    },
  );

  it.each([
    ['/users', 'Gerenciamento de Usuários'],
    ['/bridge', 'Bridge MT5 - Pareamento'],
    ['/bridge-admin', 'Controle Bridge (Admin)'],
  ])('lets an admin open %s', async (path, title) => {
    loggedInAs(adminUser);
    const app = renderApp(path);
    await expectScreen(title);
    expect(app.pathname()).toBe(path);
  });

  it('sends an unknown path to /dashboard when logged in', async () => {
    loggedInAs(traderUser);
    const app = renderApp('/nao-existe/de-jeito-nenhum');
    await expectScreen('Dashboard');
    expect(app.pathname()).toBe('/dashboard');
  });

  it('sends an unknown path to /login when logged out', async () => {
    fakeApi();
    const app = renderApp('/nao-existe');
    await expectScreen('Entrar');
    expect(app.pathname()).toBe('/login');
  });

  it('treats a tab without fresh_login=done as logged out, without checking the token', async () => {
    const api = loggedInAs(adminUser);
    sessionStorage.removeItem('fresh_login');
    const app = renderApp('/dashboard');
    await expectScreen('Entrar');
    expect(app.pathname()).toBe('/login');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('logs out and clears storage when whoami refuses the token', async () => {
    seedSession(adminUser);
    localStorage.setItem('onboarding_completed_full', 'true');
    fakeApi({
      'GET /api/auth/whoami': () => json({ success: false, error: 'x' }, { status: 401 }),
    });
    const app = renderApp('/users');
    await expectScreen('Entrar');
    expect(app.pathname()).toBe('/login');
    await waitFor(() => {
      expect(localStorage.length).toBe(0);
    });
  });
});
