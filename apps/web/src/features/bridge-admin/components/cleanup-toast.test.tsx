import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { FakeSocket, bridgeAdminApi, openBridgeAdmin, panel } from '../bridge-admin.fixtures';

const event = (type: string, id: number) => ({
  id,
  at: new Date().toISOString(),
  user_id: 1,
  type,
});

describe("'Limpar sessões/tokens' says one true thing (issue 14, item 10)", () => {
  it('toasts its outcome once, at the bottom right, and never "Todas sessões revogadas"', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    bridgeAdminApi({
      'POST /api/bridge/events/ticket': () =>
        json({ success: true, ticket: 't'.repeat(43), expires_at: new Date().toISOString() }),
      'POST /bridge/admin/cleanup': () =>
        json({ success: true, sessions_revoked: 0, tokens_revoked: 0, tokens_purged: 0 }),
    });
    await openBridgeAdmin();
    const counter = await screen.findByTestId('live-counter', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(counter.textContent).toContain('conectado');
    });

    const region = panel('Sessões Bridge');
    fireEvent.click(within(region).getByRole('button', { name: 'Limpar sessões/tokens' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    const done = await screen.findByText(
      'Limpeza concluída: 0 sessões expiradas, 0 tokens expirados, 0 tokens removidos',
    );
    // Bottom right: at the top they covered the header's 'Bridge:' badge and close buttons.
    const toaster = done.closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');

    // The server's cleanup event, then a later event that does toast: once that one shows, the
    // cleanup event has been handled too.
    act(() => {
      FakeSocket.last?.push(event('bridge_revoked_all', 1));
      FakeSocket.last?.push(event('bridge_terminated', 2));
    });
    expect(await screen.findByText('Sessão encerrada')).toBeTruthy();
    expect(screen.queryByText('Todas sessões revogadas')).toBeNull();
    expect(screen.getAllByText(/^Limpeza concluída/)).toHaveLength(1);
  });
});
