import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { adminUser, seedSession } from '../../test/session-fixtures';
import { SessionProvider } from './session-provider';
import { useSession } from './session-context';

function Probe() {
  const { state } = useSession();
  return (
    <p data-testid="status">
      {state.status}
      {state.status === 'authenticated' ? `:${state.user.username}` : ''}
    </p>
  );
}

function renderSession() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return () => screen.getByTestId('status').textContent;
}

describe('session start-up (access-and-admin.md §4)', () => {
  it('checks the stored token with whoami and its bearer', async () => {
    seedSession(adminUser, 'tok-abc');
    const fresh = { ...adminUser, username: 'ana.renomeada' };
    const api = fakeApi({ 'GET /api/auth/whoami': () => json({ success: true, user: fresh }) });
    const status = renderSession();
    expect(status()).toBe('checking');
    await waitFor(() => {
      expect(status()).toBe('authenticated:ana.renomeada');
    });
    expect(api.callsTo('/api/auth/whoami')[0]?.headers.authorization).toBe('Bearer tok-abc');
    // The answer is the newest truth about the user: it replaces the stored copy.
    expect(JSON.parse(localStorage.getItem('user_data') ?? '{}')).toMatchObject(fresh);
  });

  it('is logged out at once, with no call, when fresh_login is not done', () => {
    seedSession(adminUser);
    sessionStorage.setItem('fresh_login', 'pending');
    const api = fakeApi();
    expect(renderSession()()).toBe('anonymous');
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('tok-123');
  });

  it.each([
    ['a refused token', () => json({ success: false, error: 'Não autenticado' }, { status: 401 })],
    ['an answer without user', () => json({ success: true })],
    ['success: false', () => json({ success: false, user: adminUser })],
  ])('clears local storage and logs out on %s', async (_case, answer) => {
    seedSession(adminUser);
    localStorage.setItem('onboarding_completed_full', 'true');
    localStorage.setItem('theme', 'dark');
    fakeApi({ 'GET /api/auth/whoami': answer });
    const status = renderSession();
    await waitFor(() => {
      expect(status()).toBe('anonymous');
    });
    for (const key of [
      'auth_token',
      'user_data',
      'user_permissions',
      'onboarding_completed_full',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(sessionStorage.getItem('fresh_login')).toBeNull();
    // A device preference, not session data.
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('keeps the session through no answer (a network error, a 5xx) and asks again until one', async () => {
    seedSession(adminUser, 'tok-abc');
    let calls = 0;
    const api = fakeApi({
      'GET /api/auth/whoami': () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (calls === 2) return json({ success: false, error: 'Indisponível' }, { status: 503 });
        return json({ success: true, user: adminUser });
      },
    });
    const status = renderSession();
    await waitFor(() => {
      expect(status()).toBe(`authenticated:${adminUser.username}`);
    });
    expect(api.callsTo('/api/auth/whoami')).toHaveLength(3);
    expect(localStorage.getItem('auth_token')).toBe('tok-abc');
    expect(sessionStorage.getItem('fresh_login')).toBe('done');
  });
});
