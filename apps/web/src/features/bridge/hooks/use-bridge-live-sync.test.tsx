import type { BridgeEvent } from '@vortex/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveConnection } from '../../../lib/live/live-connection';
import { LiveContext } from '../../../lib/live/live-context';
import type { Mt5Status } from '../../../lib/mt5-status';
import { SessionContext } from '../../../lib/session/session-context';
import { traderUser } from '../../../test/session-fixtures';
import { bridgeKeys } from '../api/bridge-queries';
import { useBridgeLiveSync } from './use-bridge-live-sync';

afterEach(cleanup);

function liveStub() {
  const listeners = new Set<(e: BridgeEvent) => void>();
  const live = {
    getSnapshot: () => ({ status: 'open', events: [], received: 0 }),
    subscribe: () => () => undefined,
    onEvent: (l: (e: BridgeEvent) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as LiveConnection;
  return { live, emit: (e: BridgeEvent) => listeners.forEach((l) => l(e)) };
}

function Sync() {
  useBridgeLiveSync();
  return null;
}

const notConnected: Mt5Status = {
  success: true,
  connected: false,
  mt5_connected: false,
  bridge_connected: false,
  account: null,
  login: null,
  server: null,
  source: 'bridge',
};

describe('useBridgeLiveSync', () => {
  // The pairing e2e once waited 60 s for 'Conectado!': a status the server answered before the
  // agent's hello reached the page after the hello's event, and nothing asked again.
  it('keeps a bridge_status event over a status answer that was already on its way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { live, emit } = liveStub();
    const session = {
      state: { status: 'authenticated' as const, token: 't', user: traderUser },
      signIn: () => undefined,
      signOut: () => undefined,
    };
    render(
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <LiveContext.Provider value={live}>
            <Sync />
          </LiveContext.Provider>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    let answer: (s: Mt5Status) => void = () => undefined;
    const inFlight = client
      .query({
        queryKey: bridgeKeys.mt5Status,
        queryFn: () => new Promise<Mt5Status>((resolve) => (answer = resolve)),
      })
      .catch(() => undefined);
    act(() =>
      emit({
        type: 'bridge_status',
        user_id: traderUser.id,
        connected: true,
        mt5_alive: true,
        account_number: 5012345,
      } as unknown as BridgeEvent),
    );
    await waitFor(() =>
      expect(client.getQueryData<Mt5Status>(bridgeKeys.mt5Status)?.bridge_connected).toBe(true),
    );
    // the older answer arrives now: it must not take the connection back
    answer(notConnected);
    await inFlight;
    expect(client.getQueryData<Mt5Status>(bridgeKeys.mt5Status)).toMatchObject({
      bridge_connected: true,
      connected: true,
      account: 5012345,
    });
  });
});
