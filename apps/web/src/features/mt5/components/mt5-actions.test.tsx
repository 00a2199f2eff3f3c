import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { conflict, mt5Api, networkDown, offlineStatus, openMt5 } from '../mt5.fixtures';

// Sonner keeps its toasts in a module-wide store: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

const OFFLINE = 'Bridge offline: inicie o agente Vórtex no computador do MT5.';
const click = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};
const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
/** The form filled by hand, from a terminal with nothing logged in. */
async function openFilled() {
  await openMt5();
  await screen.findByText('Bridge off');
  type('Login da conta', '87654321');
  type('Senha', 's3nha-MT5');
}
const loggedOut = { 'GET /api/mt5/status': () => json(offlineStatus) };

describe('Testar Bridge (trading.md §8)', () => {
  it('toasts the account and server when MT5 is logged in', async () => {
    const api = mt5Api({
      'POST /api/mt5/test-bridge': () =>
        json({
          success: true,
          connected: true,
          account: 51234567,
          server: 'XPMT5-DEMO',
          message: 'x',
        }),
    });
    await openMt5();
    await screen.findByText('Bridge ativa');
    click('Testar Bridge');
    expect(await screen.findByText('Bridge conectada: conta 51234567 em XPMT5-DEMO')).toBeTruthy();
    expect(api.callsTo('/api/mt5/test-bridge')[0]?.body).toEqual({
      bridge_url: 'http://localhost:8080',
    });
  });

  it('warns when the bridge answers but MT5 is not logged in', async () => {
    mt5Api({
      'POST /api/mt5/test-bridge': () =>
        json({ success: true, connected: false, account: null, server: null, message: 'x' }),
    });
    await openMt5();
    click('Testar Bridge');
    expect(await screen.findByText('Bridge acessível, mas MT5 não está logado')).toBeTruthy();
  });

  it.each([
    [
      'the bridge is offline',
      () =>
        json({ success: false, connected: false, account: null, server: null, message: OFFLINE }),
      OFFLINE,
    ],
    [
      'the server fails',
      () => json({ success: false, error: 'Falhou' }, { status: 500 }),
      'Falhou',
    ],
    ['the server is unreachable', networkDown, null],
  ])('says Erro ao testar bridge when %s', async (_case, answer, detail) => {
    mt5Api({ 'POST /api/mt5/test-bridge': answer });
    await openMt5();
    click('Testar Bridge');
    expect(await screen.findByText('Erro ao testar bridge')).toBeTruthy();
    if (detail) expect(screen.getByText(detail)).toBeTruthy();
  });

  it('checks the bridge URL before testing', async () => {
    const api = mt5Api();
    await openMt5();
    type('URL da bridge', 'localhost sem esquema');
    click('Testar Bridge');
    expect(await screen.findByText('URL da bridge inválida.')).toBeTruthy();
    expect(api.callsTo('/api/mt5/test-bridge')).toHaveLength(0);
  });
});

describe('Conectar (trading.md §4, §5, §8)', () => {
  it('sends the credentials, shows the loading flag, toasts and re-reads the status', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mt5Api({
      ...loggedOut,
      'POST /api/mt5/connect': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openFilled();
    fireEvent.change(screen.getByLabelText('Servidor'), { target: { value: 'Rico-PRD' } });
    click('Conectar');
    const connection = screen.getByRole('region', { name: 'Conexão MT5' });
    expect(await within(connection).findByText('Conectando...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conectando...' })).toHaveProperty('disabled', true);
    expect(api.callsTo('/api/mt5/connect')[0]?.body).toEqual({
      login: 87654321,
      password: 's3nha-MT5',
      server: 'Rico-PRD',
      bridge_url: 'http://localhost:8080',
    });
    const reads = api.callsTo('/api/mt5/status').length;
    answer(json({ success: true, message: 'Login enviado ao MT5.' }));
    expect(await screen.findByText('Login enviado ao MT5.')).toBeTruthy();
    expect(within(connection).queryByText('Conectando...')).toBeNull();
    await waitFor(() => {
      expect(api.callsTo('/api/mt5/status').length).toBeGreaterThan(reads);
    });
  });

  it("shows the server's text when the bridge is offline (409)", async () => {
    mt5Api({ ...loggedOut, 'POST /api/mt5/connect': conflict(OFFLINE) });
    await openFilled();
    click('Conectar');
    expect(await screen.findByText(OFFLINE)).toBeTruthy();
    expect(screen.queryByText('Erro ao conectar com o bridge MT5')).toBeNull();
  });

  it.each([
    [
      'Erro ao conectar com bridge',
      () => json({ success: false, message: 'Conta ou senha inválida (10013)' }),
      'Conta ou senha inválida (10013)',
    ],
    [
      'Erro ao conectar com o bridge MT5',
      () => json({ success: false, error: 'Erro interno' }, { status: 500 }),
      'Erro interno',
    ],
    ['Erro de conexão com o bridge MT5', networkDown, null],
  ])('says %s', async (text, answer, detail) => {
    mt5Api({ ...loggedOut, 'POST /api/mt5/connect': answer });
    await openFilled();
    click('Conectar');
    expect(await screen.findByText(text)).toBeTruthy();
    if (detail) expect(screen.getByText(detail)).toBeTruthy();
  });
});

/** Desconectar once the status says MT5 is logged in: before that it is disabled. */
async function disconnectButton() {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Desconectar' });
  await waitFor(() => {
    expect(button.disabled).toBe(false);
  });
  return button;
}

describe('Desconectar (trading.md §8)', () => {
  it('is disabled with the reason while no MT5 account is connected (issue 14)', async () => {
    const api = mt5Api(loggedOut);
    await openMt5();
    const reason = await screen.findByText(
      'Nenhuma conta MT5 conectada: não há o que desconectar.',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Desconectar' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(button);
    expect(api.callsTo('/api/mt5/disconnect')).toEqual([]);
    // Conectar stays offered: connecting is what this state needs.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Conectar' }).disabled).toBe(
      false,
    );
  });

  it('toasts the logout', async () => {
    const api = mt5Api({
      'POST /api/mt5/disconnect': () => json({ success: true, message: 'MT5 desconectado.' }),
    });
    await openMt5();
    fireEvent.click(await disconnectButton());
    expect(screen.queryByText('Nenhuma conta MT5 conectada: não há o que desconectar.')).toBeNull();
    expect(await screen.findByText('MT5 desconectado.')).toBeTruthy();
    expect(api.callsTo('/api/mt5/disconnect')[0]?.method).toBe('POST');
  });

  it.each([
    ['the bridge is offline', conflict(OFFLINE), OFFLINE],
    [
      'MT5 refuses',
      () => json({ success: false, message: 'Terminal ocupado' }),
      'Terminal ocupado',
    ],
    ['the server is unreachable', networkDown, null],
  ])('says Erro ao desconectar when %s', async (_case, answer, detail) => {
    mt5Api({ 'POST /api/mt5/disconnect': answer });
    await openMt5();
    fireEvent.click(await disconnectButton());
    expect(await screen.findByText('Erro ao desconectar')).toBeTruthy();
    if (detail) expect(screen.getByText(detail)).toBeTruthy();
  });
});
