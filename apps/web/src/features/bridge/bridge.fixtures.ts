import type { Claim } from '@vortex/core';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { seedSession } from '../../test/session-fixtures';
import type { SessionUser } from '../../lib/session';

export const offlineStatus = {
  success: true,
  connected: false,
  mt5_connected: false,
  bridge_connected: false,
  account: null,
  login: null,
  server: null,
  source: 'bridge',
};

export const onlineStatus = {
  ...offlineStatus,
  connected: true,
  mt5_connected: true,
  bridge_connected: true,
  account: 4_812_337,
  login: 4_812_337,
  server: 'Vortex-Demo',
};

export function claim(over: Partial<Claim> = {}): Claim {
  const now = new Date().toISOString();
  return {
    id: '5c7e1a90-1b2c-4d3e-8f90-123456789abc',
    user_id: 2,
    token_prefix: 'Kw0dWxu2',
    status: 'active',
    created_at: now,
    last_seen_at: now,
    last_hb_mt5_at: now,
    last_hb_mt5: true,
    primary_account_number: 4_812_337,
    ...over,
  };
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** A logged-in user and the bridge calls every logged-in screen makes. */
export function bridgeApi(user: SessionUser, handlers: Record<string, Handler> = {}) {
  seedSession(user);
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user }),
    'GET /api/mt5/status': () => json(offlineStatus),
    'GET /bridge/my-bridges': () => json({ success: true, items: [] }),
    ...handlers,
  });
}
