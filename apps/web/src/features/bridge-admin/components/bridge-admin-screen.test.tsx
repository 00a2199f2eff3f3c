import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { seedSession, traderUser } from '../../../test/session-fixtures';
import { LiveProvider } from '../../../lib/live';
import { useCurrentUser } from '../../../lib/session';
import { FakeSocket, bridgeAdminApi, openBridgeAdmin, panel } from '../bridge-admin.fixtures';
import { BridgeAdminScreen } from './bridge-admin-screen';

/** Shows once the session's user is known, beside the screen under test. */
function SessionProbe() {
  return useCurrentUser() ? <p>Sessão carregada</p> : null;
}

const counts = (api: { callsTo: (p: string) => unknown[] }) => ({
  claims: api.callsTo('/api/bridge/admin/claims').length,
  sessions: api.callsTo('/bridge/admin/sessions').length,
  tokens: api.callsTo('/api/bridge/admin/tokens').length,
  audit: api.callsTo('/api/bridge/audit/search').length,
});

describe('/bridge-admin (trading.md §2, §4)', () => {
  it('shows the five panels to an admin', async () => {
    bridgeAdminApi();
    await openBridgeAdmin();
    for (const title of [
      'Claims Bridge',
      'Sessões Bridge',
      'Tokens Bridge',
      'Bridge Audit',
      'Bridge Health',
    ]) {
      expect(panel(title)).toBeTruthy();
    }
  });

  it('renders nothing and makes no call for anyone but an admin', async () => {
    seedSession(traderUser);
    const api = fakeApi({
      'GET /api/auth/whoami': () => json({ success: true, user: traderUser }),
    });
    renderApp('/bridge-admin', {
      routes: [
        {
          path: '/bridge-admin',
          element: (
            <>
              <BridgeAdminScreen />
              <SessionProbe />
            </>
          ),
        },
      ],
    });
    // The barrier: the screen rendered with the trader known in the same commit as the probe,
    // so any call it would make has been asked by the time the probe shows.
    await screen.findByText('Sessão carregada');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/whoami']);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('region', { name: /Bridge/ })).toBeNull();
  });

  it('reloads the list each lifecycle event concerns, counts the events, and toasts nothing', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const api = bridgeAdminApi({
      'POST /api/bridge/events/ticket': () =>
        json({ success: true, ticket: 't'.repeat(43), expires_at: new Date().toISOString() }),
    });
    renderApp('/bridge-admin', {
      routes: [
        {
          path: '/bridge-admin',
          element: (
            <LiveProvider>
              <BridgeAdminScreen />
            </LiveProvider>
          ),
        },
      ],
    });
    const counter = await screen.findByTestId('live-counter', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(counter.textContent).toContain('conectado');
    });
    await within(panel('Tokens Bridge')).findByText('carlos_a');
    const before = counts(api);
    const event = (type: string, id: number) => ({
      id,
      at: new Date().toISOString(),
      user_id: 20,
      type,
    });

    act(() => {
      FakeSocket.last?.push(event('bridge_token_revoked', 1));
    });
    await waitFor(() => {
      expect(counts(api).tokens).toBe(before.tokens + 1);
    });
    act(() => {
      FakeSocket.last?.push(event('bridge_claim_mismatch', 2));
    });
    await waitFor(() => {
      expect(counts(api).claims).toBe(before.claims + 1);
    });
    act(() => {
      FakeSocket.last?.push(event('bridge_terminated', 3));
    });
    await waitFor(() => {
      expect(counts(api).sessions).toBe(before.sessions + 1);
    });
    // Snapshot events are counted but refresh nothing.
    act(() => {
      FakeSocket.last?.push({
        ...event('bridge_status', 4),
        connected: true,
        mt5_alive: true,
        account_number: 1,
      });
    });
    await waitFor(() => {
      expect(counter.textContent).toContain('Eventos ao vivo4');
    });
    expect(counts(api)).toEqual({
      claims: before.claims + 1,
      sessions: before.sessions + 1,
      tokens: before.tokens + 1,
      audit: before.audit,
    });
    // The layout shows the event toasts; the panels do not.
    expect(screen.queryByText('Token pendente revogado')).toBeNull();
    expect(screen.queryByText('Sessão encerrada')).toBeNull();
  });
});
