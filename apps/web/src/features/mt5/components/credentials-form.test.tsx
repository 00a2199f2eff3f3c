import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { connectedStatus, mt5Api, noAccount, offlineStatus, openMt5 } from '../mt5.fixtures';

// Sonner keeps its toasts in a module-wide store: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

async function openEmpty() {
  const api = mt5Api({
    'GET /api/mt5/status': () => json(offlineStatus),
    'GET /mt5/account_info': () => json(noAccount),
  });
  await openMt5();
  await screen.findByText('Bridge off');
  return api;
}

describe('credentials form (trading.md §5, Mt5ConnectSchema)', () => {
  it('asks for login and password before connecting', async () => {
    const api = await openEmpty();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Informe o login da conta MT5.')).toBeTruthy();
    expect(screen.getByText('Informe a senha da conta MT5.')).toBeTruthy();
    expect(screen.getByLabelText('Login da conta').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Login da conta'));
    expect(api.callsTo('/api/mt5/connect')).toHaveLength(0);
  });

  it('clears a message as the field is fixed', async () => {
    await openEmpty();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await screen.findByText('Informe o login da conta MT5.');
    type('Login da conta', 'abc');
    expect(screen.getByText('Informe o login da conta MT5.')).toBeTruthy();
    type('Login da conta', '12345');
    expect(screen.queryByText('Informe o login da conta MT5.')).toBeNull();
    expect(screen.getByText('Informe a senha da conta MT5.')).toBeTruthy();
  });

  it('asks for the server when typed by hand, and sends it trimmed', async () => {
    const api = await openEmpty();
    type('Login da conta', '12345');
    type('Senha', 'x');
    fireEvent.change(screen.getByLabelText('Servidor'), { target: { value: '__manual__' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Informe o servidor MT5.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nome do servidor'));
    type('Nome do servidor', '  MinhaCorretora-PRD ');
    expect(screen.queryByText('Informe o servidor MT5.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => {
      expect(api.callsTo('/api/mt5/connect')[0]?.body).toMatchObject({
        login: 12345,
        server: 'MinhaCorretora-PRD',
      });
    });
  });

  it('checks the bridge URL, and accepts an empty one', async () => {
    await openEmpty();
    type('Login da conta', '12345');
    type('Senha', 'x');
    type('URL da bridge', 'not a url');
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('URL da bridge inválida.')).toBeTruthy();
    type('URL da bridge', '');
    expect(screen.queryByText('URL da bridge inválida.')).toBeNull();
  });

  it('keeps what the user typed before the status arrived instead of the prefill', async () => {
    let answer: (response: Response) => void = () => undefined;
    mt5Api({
      'GET /api/mt5/status': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openMt5();
    type('Login da conta', '777');
    answer(json(connectedStatus));
    await screen.findByText('Conectado');
    expect(screen.getByLabelText<HTMLInputElement>('Login da conta').value).toBe('777');
  });
});
