import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { created, fill, openForm, submit, valid } from './register.test-utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('account-created screen (access-and-admin.md §2, §9)', () => {
  async function createAccount() {
    fakeApi({ 'POST /auth/register': created('REAL') });
    const app = await openForm('real');
    fill(valid);
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Conta criada com sucesso!' });
    return app;
  }

  it('counts 120 seconds down, then goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = await createAccount();
    expect(screen.getByRole('timer').textContent).toContain('120 segundos');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('timer').textContent).toContain('119 segundos');
    await act(() => vi.advanceTimersByTimeAsync(118_000));
    expect(app.pathname()).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(app.pathname()).toBe('/login');
  });

  it('goes back to login from its button', async () => {
    const app = await createAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(app.pathname()).toBe('/login');
  });
});
