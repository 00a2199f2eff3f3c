import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  bridgeAdminApi,
  ok,
  openBridgeAdmin,
  panel,
  rowAt,
  rowsOf,
  sessions,
} from '../bridge-admin.fixtures';

const sessionsPanel = () => panel('Sessões Bridge');

async function openSessions() {
  await openBridgeAdmin();
  await within(sessionsPanel()).findByText('carlos_a');
  return sessionsPanel();
}

const cleanupAnswer = () =>
  json({ success: true, sessions_revoked: 2, tokens_revoked: 1, tokens_purged: 3 });

afterEach(() => {
  vi.useRealTimers();
});

describe("'Sessões Bridge' panel (trading.md §2, §4, §9)", () => {
  it('lists the sessions with a TTL bar coloured by what is left of the 12 h', async () => {
    bridgeAdminApi();
    const region = await openSessions();
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Usuário',
      'Conta',
      'Servidor',
      'Status',
      'Tempo restante',
      'Último ping',
      'Versão',
      'Ações',
    ]);
    const bar = (i: number) => within(rowAt(region, i)).getByRole('progressbar');
    // 10 h of 12 left: green, the bar a sixth full.
    expect(bar(0).dataset.tone).toBe('ok');
    expect(bar(0).getAttribute('aria-valuenow')).toBe('17');
    expect(within(rowAt(region, 0)).getByText(/^(9h 59m|10h 0m)$/)).toBeTruthy();
    expect(within(rowAt(region, 0)).getByText('XPMT5-DEMO')).toBeTruthy();
    expect(within(rowAt(region, 0)).getByText('1.4.0')).toBeTruthy();
    expect(within(rowAt(region, 0)).getByText(/^há \d+ s$/)).toBeTruthy();
    // 2 h left is under 25%: yellow; 30 min is under 10%: red.
    expect(bar(1).dataset.tone).toBe('warn');
    expect(bar(2).dataset.tone).toBe('danger');
    expect(bar(3).getAttribute('aria-label')).toBe('Tempo restante da sessão: expirada');
    expect(within(rowAt(region, 3)).getByText('Expirada')).toBeTruthy();
    // Only active sessions can be revoked.
    expect(within(region).getAllByRole('button', { name: 'Revogar usuário' })).toHaveLength(3);
    expect(within(region).getByTestId('live-counter').textContent).toContain('Eventos ao vivo0');
  });

  it('says when there is no session', async () => {
    bridgeAdminApi({ 'GET /bridge/admin/sessions': () => json({ success: true, items: [] }) });
    await openBridgeAdmin();
    expect(await within(sessionsPanel()).findByText('Nenhuma sessão ativa')).toBeTruthy();
  });

  it('filters by a numeric user_id and ignores anything else', async () => {
    const api = bridgeAdminApi({
      'GET /bridge/admin/sessions': (_call, q) =>
        json({
          success: true,
          items: sessions.filter(
            (s) => !q.has('user_id') || String(s.user_id) === q.get('user_id'),
          ),
        }),
    });
    const region = await openSessions();
    fireEvent.change(within(region).getByLabelText('user_id'), { target: { value: '21' } });
    await waitFor(() => {
      expect(rowsOf(region)).toHaveLength(1);
    });
    expect(within(region).getByText('sofia_s')).toBeTruthy();
    expect(api.queriesTo('/bridge/admin/sessions').at(-1)?.toString()).toBe('user_id=21');
    fireEvent.change(within(region).getByLabelText('user_id'), { target: { value: 'abc' } });
    await waitFor(() => {
      expect(rowsOf(region)).toHaveLength(4);
    });
  });

  it("revokes a user's sessions and toasts it", async () => {
    const api = bridgeAdminApi({
      'POST /api/bridge/admin/revoke/21': ok('Sessão do usuário 21 revogada'),
    });
    const region = await openSessions();
    fireEvent.click(within(rowAt(region, 1)).getByRole('button', { name: 'Revogar usuário' }));
    expect(await screen.findByText('Sessão do usuário 21 revogada')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('/bridge/admin/sessions')).toHaveLength(2);
    });
  });

  it('toasts a failed revoke with its reason', async () => {
    bridgeAdminApi({
      'POST /api/bridge/admin/revoke/20': () => json({}, { status: 503 }),
    });
    const region = await openSessions();
    fireEvent.click(within(rowAt(region, 0)).getByRole('button', { name: 'Revogar usuário' }));
    expect(await screen.findByText('Erro ao revogar sessão: HTTP 503')).toBeTruthy();
  });

  it('cleans up for everyone only after the confirmation', async () => {
    const api = bridgeAdminApi({ 'POST /bridge/admin/cleanup': cleanupAnswer });
    const region = await openSessions();
    fireEvent.click(within(region).getByRole('button', { name: 'Limpar sessões/tokens' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Limpar sessões e tokens' });
    expect(dialog.textContent).toContain('de todos os usuários');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(api.callsTo('/bridge/admin/cleanup')).toHaveLength(0);

    fireEvent.click(within(region).getByRole('button', { name: 'Limpar sessões/tokens' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    expect(
      await screen.findByText(
        'Limpeza concluída: 2 sessões expiradas, 1 tokens expirados, 3 tokens removidos',
      ),
    ).toBeTruthy();
    expect(api.callsTo('/bridge/admin/cleanup')[0]?.body).toEqual({});
  });

  it('cleans up one user when user_id holds a number, and toasts a failure', async () => {
    const api = bridgeAdminApi({
      'POST /bridge/admin/cleanup': () =>
        json({ success: false, error: 'Identificador inválido.' }, { status: 400 }),
    });
    const region = await openSessions();
    fireEvent.change(within(region).getByLabelText('user_id'), { target: { value: '21' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Limpar sessões/tokens' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('do usuário 21');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    expect(
      await screen.findByText('Erro ao executar limpeza: Identificador inválido.'),
    ).toBeTruthy();
    expect(api.callsTo('/bridge/admin/cleanup')[0]?.body).toEqual({ user_id: 21 });
  });

  it('warns when the admin has no paired bridge of their own', async () => {
    bridgeAdminApi({ 'GET /bridge/my-bridges': () => json({ success: true, items: [] }) });
    await openBridgeAdmin();
    expect(
      await within(sessionsPanel()).findByText(/Você não tem uma bridge pareada/),
    ).toBeTruthy();
  });

  it('does not warn when the admin has an active claim', async () => {
    const api = bridgeAdminApi();
    await openSessions();
    await waitFor(() => {
      expect(api.callsTo('/bridge/my-bridges')).toHaveLength(1);
    });
    expect(screen.queryByText(/Você não tem uma bridge pareada/)).toBeNull();
  });

  it('polls the list every 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = bridgeAdminApi();
    await openSessions();
    expect(api.callsTo('/bridge/admin/sessions')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(api.callsTo('/bridge/admin/sessions')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(api.callsTo('/bridge/admin/sessions')).toHaveLength(2);
  });
});
