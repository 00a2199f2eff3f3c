import { resetMessages } from '@vortex/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

async function openForgot() {
  const app = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Recuperar Senha' });
  return app;
}

const emailField = () => screen.getByLabelText<HTMLInputElement>('Email');

function send(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
}

describe('forgot-password (access-and-admin.md §2, §5, §8)', () => {
  it('has an email field and a link back to login', async () => {
    fakeApi();
    await openForgot();
    expect(emailField().type).toBe('email');
    expect(emailField().required).toBe(true);
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('shows the server message and clears the field on success', async () => {
    const api = fakeApi({
      'POST /auth/forgot-password': () =>
        json({ success: true, message: resetMessages.forgotSent }),
    });
    await openForgot();
    send('ana@vortex.com.br');
    expect(await screen.findByText(resetMessages.forgotSent)).toBeTruthy();
    expect(emailField().value).toBe('');
    expect(api.callsTo('/auth/forgot-password')[0]?.body).toEqual({ email: 'ana@vortex.com.br' });
  });

  it('does not send an invalid email', async () => {
    const api = fakeApi();
    await openForgot();
    send('ana');
    expect(screen.getByText('Informe um email válido.')).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the server message',
      () => json({ success: false, error: resetMessages.forgotTooMany }, { status: 429 }),
      resetMessages.forgotTooMany,
    ],
    [
      'its own text',
      () => new Response(null, { status: 500 }),
      'Erro ao solicitar recuperação de senha',
    ],
    [
      'the connection text',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Erro de conexão. Tente novamente.',
    ],
  ])('shows %s when the request fails', async (_case, answer, text) => {
    fakeApi({ 'POST /auth/forgot-password': answer });
    await openForgot();
    send('ana@vortex.com.br');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(emailField().value).toBe('ana@vortex.com.br');
  });
});
