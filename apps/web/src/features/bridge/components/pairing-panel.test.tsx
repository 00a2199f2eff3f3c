import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { adminUser } from '../../../test/session-fixtures';
import { bridgeApi, onlineStatus } from '../bridge.fixtures';

const TOKEN = 'Kw0dWxu2LBMpf8trPRoAHs91NvROSjD-u2dIXUoV-3g';
const created = {
  success: true,
  token: TOKEN,
  expires_at: '2026-11-20T15:15:00.000Z',
  status: 'pending',
};

describe("the pairing panel ('Bridge MT5 - Pareamento')", () => {
  it('generates a token, shows it with its expiry and status, and asks for the manual label', async () => {
    const api = bridgeApi(adminUser, {
      'POST /bridge/token/create': () => json(created, { status: 201 }),
      'POST /api/bridge/token/status': () =>
        json({
          success: true,
          status: 'pending',
          expires_at: created.expires_at,
          account_number: null,
        }),
    });
    renderApp('/bridge');
    expect(await screen.findByText('Não conectado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar Token de Pareamento' }));
    expect((await screen.findByTestId('pairing-token')).textContent).toBe(TOKEN);
    expect(await screen.findByText('Status: Pendente')).toBeTruthy();
    expect(screen.getByText(/Expira em: 20\/11\/2026 12:15/)).toBeTruthy();
    expect(api.callsTo('/bridge/token/create')[0]?.body).toEqual({ label: 'manual' });
    // The token is polled in the body: no URL (and so no request log) ever holds it.
    expect(api.callsTo('/api/bridge/token/status')[0]?.body).toEqual({ token: TOKEN });
    expect(api.calls.filter((c) => c.path.includes(TOKEN))).toEqual([]);
    // Pending: no second token until this one is settled.
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Gerar Token de Pareamento' }).disabled,
    ).toBe(true);
  });

  it("says 'Token não encontrado ou expirou.' when the status lookup answers 404", async () => {
    bridgeApi(adminUser, {
      'POST /bridge/token/create': () => json(created, { status: 201 }),
      'POST /api/bridge/token/status': () =>
        json({ success: false, error: 'Token não encontrado ou expirou.' }, { status: 404 }),
    });
    renderApp('/bridge');
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Token de Pareamento' }));
    expect(await screen.findByText('Token não encontrado ou expirou.')).toBeTruthy();
    expect(screen.getByText('Status: Expirado')).toBeTruthy();
  });

  it("says 'Erro ao gerar token' when generation fails", async () => {
    bridgeApi(adminUser, {
      'POST /bridge/token/create': () => json({ success: false, error: 'x' }, { status: 500 }),
    });
    renderApp('/bridge');
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Token de Pareamento' }));
    expect(await screen.findByText('Erro ao gerar token')).toBeTruthy();
  });

  it("shows 'Conectado!' with the account and MT5 state, and ends the session on Desconectar", async () => {
    const api = bridgeApi(adminUser, {
      'GET /api/mt5/status': () => json(onlineStatus),
      'POST /bridge/session/terminate': () => json({ success: true, message: 'Sessão encerrada' }),
    });
    renderApp('/bridge');
    expect(await screen.findByText('Conectado!')).toBeTruthy();
    expect(screen.getByTestId('paired-account').textContent).toBe('4812337');
    expect(screen.getByText('MT5 conectado')).toBeTruthy();
    expect(screen.getByText('Bridge: Conectado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Sessão da bridge encerrada.')).toBeTruthy();
    expect(api.callsTo('/bridge/session/terminate')).toHaveLength(1);
  });
});
