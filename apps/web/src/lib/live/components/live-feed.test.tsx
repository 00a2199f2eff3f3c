import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { FakeSocket } from '../../../test/fake-socket';
import { LiveConnection } from '../live-connection';
import { LiveContext } from '../live-context';
import { LiveFeed } from './live-feed';

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  fakeApi({
    'POST /api/bridge/events/ticket': () =>
      json({ success: true, ticket: 't', expires_at: '2026-11-20T15:00:30Z' }, { status: 201 }),
  });
});

describe('the live feed', () => {
  it('shows the channel state and the newest events first', async () => {
    const live = new LiveConnection(() => 'ws://api.test/ws');
    render(
      <LiveContext.Provider value={live}>
        <LiveFeed />
      </LiveContext.Provider>,
    );
    expect(screen.getByText('Nenhum evento recebido ainda.')).toBeTruthy();
    live.start();
    await vi.waitFor(() => {
      expect(FakeSocket.all).toHaveLength(1);
    });
    const socket = FakeSocket.all[0];
    act(() => {
      socket?.onopen?.();
      socket?.receive({ type: 'ws_connected', user_id: 1 });
      socket?.receive({ id: 1, at: '2026-11-20T15:00:00Z', user_id: 9, type: 'bridge_paired' });
      socket?.receive({
        id: 2,
        at: '2026-11-20T15:00:05Z',
        user_id: 9,
        type: 'bridge_status',
        connected: true,
        mt5_alive: true,
        account_number: 4812337,
      });
    });
    expect(screen.getByTestId('live-status').textContent).toBe('Conectado');
    const items = within(screen.getByRole('list', { name: 'Eventos ao vivo' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Status da bridgeusuário 9 · conta 4812337 · online'),
      expect.stringContaining('Nova sessão pareada'),
    ]);
    expect(screen.getByText(/2 eventos recebidos/)).toBeTruthy();
    act(() => live.stop());
    expect(screen.getByTestId('live-status').textContent).toBe('Reconectando...');
  });
});
