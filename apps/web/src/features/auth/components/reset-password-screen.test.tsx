import { resetMessages } from '@vortex/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'a'.repeat(43);
const validToken = () =>
  json({ success: true, message: resetMessages.validToken, user_email: 'ana@vortex.com.br' });

afterEach(() => {
  vi.useRealTimers();
});

const submitButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Redefinir senha' });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openValid(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/auth/validate-reset-token': validToken, ...handlers });
  const app = renderApp(`/reset-password?token=${TOKEN}`);
  await screen.findByLabelText('Nova senha');
  return { api, app };
}

describe('reset-password token check (access-and-admin.md §2, §4, §8)', () => {
  it('says the token is missing, without asking the server', async () => {
    const api = fakeApi();
    renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Token Inválido' });
    expect(screen.getByText('Token de recuperação não encontrado na URL')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the validating state, then the form with the account email', async () => {
    const answer = validToken();
    let release: (response: Response) => void = () => undefined;
    const gate = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      'GET /api/auth/validate-reset-token': () => gate,
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByText('Validando token...')).toBeTruthy();
    release(answer);
    expect(await screen.findByLabelText('Nova senha')).toBeTruthy();
    expect(screen.getByText('ana@vortex.com.br')).toBeTruthy();
    expect(api.callsTo('/api/auth/validate-reset-token')[0]?.method).toBe('GET');
    expect(api.fetchMock.mock.calls[0]?.[0]).toContain(`?token=${TOKEN}`);
  });

  it.each([
    [
      'the server message',
      () => json({ success: false, error: 'Este link já foi utilizado.' }, { status: 400 }),
      'Este link já foi utilizado.',
    ],
    ['its own text', () => json({ success: false }, { status: 400 }), 'Token inválido ou expirado'],
    [
      'the validation failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Erro ao validar token. Tente novamente.',
    ],
  ])('shows Token Inválido with %s', async (_case, answer, text) => {
    fakeApi({ 'GET /api/auth/validate-reset-token': answer });
    renderApp(`/reset-password?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Token Inválido' });
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toBeTruthy();
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
  });

  it('offers a retry when the check itself failed', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/auth/validate-reset-token': () =>
        ++calls === 1 ? Promise.reject(new TypeError('offline')) : validToken(),
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Nova senha')).toBeTruthy();
  });
});

describe('reset-password form (access-and-admin.md §4, §5)', () => {
  it('keeps submit disabled until the password is strong and both match', async () => {
    await openValid();
    expect(submitButton().disabled).toBe(true);
    type('Nova senha', 'fraca');
    expect(screen.getByText(resetMessages.weakPassword)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    // '#' is a reset special (§5) although registration does not accept it.
    type('Nova senha', 'Nova#Senha1');
    expect(screen.queryByText(resetMessages.weakPassword)).toBeNull();
    type('Confirmar nova senha', 'Nova#Senha2');
    expect(screen.getByText(resetMessages.passwordsDiffer)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type('Confirmar nova senha', 'Nova#Senha1');
    expect(screen.queryByText(resetMessages.passwordsDiffer)).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('hides the form, shows the message and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, app } = await openValid({
      'POST /api/auth/reset-password': () => json({ success: true, message: resetMessages.done }),
    });
    type('Nova senha', 'Nova#Senha1');
    type('Confirmar nova senha', 'Nova#Senha1');
    fireEvent.click(submitButton());
    expect(await screen.findByText(resetMessages.done)).toBeTruthy();
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(api.callsTo('/api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'Nova#Senha1',
    });
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(app.pathname()).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(app.pathname()).toBe('/login');
  });

  it.each([
    [
      'the server message',
      () => json({ success: false, error: resetMessages.invalidToken }, { status: 400 }),
      resetMessages.invalidToken,
    ],
    ['its own text', () => new Response('<html>', { status: 502 }), 'Erro ao redefinir senha'],
  ])('shows %s when the reset fails', async (_case, answer, text) => {
    await openValid({ 'POST /api/auth/reset-password': answer });
    type('Nova senha', 'Nova#Senha1');
    type('Confirmar nova senha', 'Nova#Senha1');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByLabelText('Nova senha')).toBeTruthy();
  });
});
