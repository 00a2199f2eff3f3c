import type { z } from 'zod';
import type {
  AdminClaimSchema,
  AdminTokenSchema,
  AuditItemSchema,
  BridgeHealth,
  Health,
  BridgeSessionSchema,
  Claim,
} from '@vortex/core';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { adminUser, seedSession } from '../../test/session-fixtures';

type AdminClaim = z.infer<typeof AdminClaimSchema>;
type Session = z.infer<typeof BridgeSessionSchema>;
type Token = z.infer<typeof AdminTokenSchema>;
type AuditItem = z.infer<typeof AuditItemSchema>;

/** Fixed instants relative to the test's start, so ages and countdowns read the same each run. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;

const activeClaim: AdminClaim = {
  id: '11111111-1111-4111-8111-111111111111',
  user_id: 20,
  username: 'carlos_a',
  token_prefix: 'vtx_ab12',
  status: 'active',
  created_at: ago(3 * HOUR),
  last_seen_at: ago(10_000),
  last_hb_mt5_at: ago(12_000),
  last_hb_mt5: true,
  primary_account_number: 5012345,
};

export const claims: AdminClaim[] = [
  activeClaim,
  {
    id: '22222222-2222-4222-8222-222222222222',
    user_id: 21,
    username: 'sofia_s',
    token_prefix: 'vtx_cd34',
    status: 'mismatch',
    created_at: ago(2 * 24 * HOUR),
    last_seen_at: ago(5 * 60_000),
    last_hb_mt5_at: null,
    last_hb_mt5: false,
    primary_account_number: 7000111,
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    user_id: 22,
    username: 'bia_r',
    token_prefix: 'vtx_ef56',
    status: 'revoked',
    created_at: ago(40 * 60_000),
    last_seen_at: null,
    last_hb_mt5_at: null,
    last_hb_mt5: false,
    primary_account_number: null,
  },
];

const session = (over: Partial<Session> & Pick<Session, 'id' | 'user_id' | 'username'>) => ({
  account_number: 5012345,
  server: 'XPMT5-DEMO',
  status: 'active' as const,
  ttl_seconds: 10 * 3600,
  expires_at: new Date(Date.now() + 10 * HOUR).toISOString(),
  last_ping: ago(5_000),
  client_version: '1.4.0',
  ...over,
});

/** Remaining lifetimes of 10 h (green), 2 h (yellow: under 25%), 30 min (red: under 10%). */
export const sessions: Session[] = [
  session({ id: 1, user_id: 20, username: 'carlos_a' }),
  session({ id: 2, user_id: 21, username: 'sofia_s', ttl_seconds: 2 * 3600, server: 'Clear-REAL' }),
  session({ id: 3, user_id: 22, username: 'bia_r', ttl_seconds: 30 * 60 }),
  session({ id: 4, user_id: 23, username: 'rui_r', status: 'expired', ttl_seconds: 0 }),
];

export const pendingToken: Token = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  user_id: 20,
  username: 'carlos_a',
  status: 'pending',
  label: 'manual',
  created_at: '2025-03-01T12:00:00.000Z',
  expires_at: '2025-03-01T12:10:00.000Z',
  used_at: null,
  account_number_paired: null,
};

export const tokens: Token[] = [
  pendingToken,
  {
    id: 'bbbbbbbb-0000-4000-8000-000000000002',
    user_id: 21,
    username: 'sofia_s',
    status: 'paired',
    label: 'installer',
    created_at: '2025-03-01T11:00:00.000Z',
    expires_at: '2025-03-01T11:10:00.000Z',
    used_at: '2025-03-01T11:02:00.000Z',
    account_number_paired: 7000111,
  },
];

export function auditItems(count: number, firstId = 1): AuditItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: firstId + i,
    user_id: 20,
    actor_user_id: i % 2 ? 1 : 20,
    event_type: i % 2 ? 'bridge_revoked' : 'bridge_paired',
    created_at: new Date(Date.UTC(2025, 2, 1, 12, 0, 0) - i * 60_000).toISOString(),
    meta_json: i % 2 ? '{"sessions":1}' : '{"account_number":5012345,"server":"XP, \\"demo\\""}',
  }));
}

/** GET /health of a server whose dependencies all answer. */
export const serverHealth: Health = {
  success: true,
  status: 'ok',
  version: '0.1.0',
  uptime_seconds: 3600,
  database: {
    reachable: true,
    mode: 'embedded',
    latency_ms: 1.2,
    state: 'up',
    restarts: 0,
    last_outage: null,
  },
  redis: { state: 'disabled', latency_ms: null },
  mail: { mode: 'outbox', state: 'unknown', last_sent_at: null, last_failure_at: null },
  disk: { free_bytes: 40 * 1024 ** 3, total_bytes: 100 * 1024 ** 3, low: false },
};

export const health: BridgeHealth = {
  success: true,
  status: 'ok',
  ws_users: 3,
  ws_connections: 4,
  agents_connected: 1,
  active_sessions: 2,
  rate_backend: 'memory',
  per_user_limit: 10,
  allowed_origins: ['http://localhost:5173'],
  events_published: 17,
  rejections_24h: 2,
  recent_rejections: [
    {
      user_id: 20,
      username: 'joao.trader',
      account_number: 5012345,
      kind: 'deal',
      batch_id: 'b1k2-7',
      ticket: 90210,
      reason: 'profit: Grande demais: esperava que o número fosse <= 1000000000000',
      created_at: '2025-03-01T11:58:00.000Z',
    },
    {
      user_id: 21,
      username: 'maria.day',
      account_number: null,
      kind: 'batch',
      batch_id: 'b1k2-9',
      ticket: null,
      reason:
        'O banco de dados recusou o lote; nada dele foi gravado. Motivo: valor fora do intervalo (SQLSTATE 22003)',
      created_at: '2025-03-01T11:40:00.000Z',
    },
  ],
  server_time: '2025-03-01T12:00:00.000Z',
};

const ownClaim: Claim = { ...activeClaim, user_id: adminUser.id };

type Handler = (call: FakeCall, query: URLSearchParams) => Response | Promise<Response>;

/**
 * Logged in as the admin, with every panel's call answered; handlers get the query string too.
 * Keys are 'METHOD /path', as in fakeApi.
 */
export function bridgeAdminApi(handlers: Record<string, Handler> = {}) {
  seedSession(adminUser);
  const base: Record<string, Handler> = {
    'GET /api/auth/whoami': () => json({ success: true, user: adminUser }),
    'GET /api/bridge/admin/claims': () => json({ success: true, items: claims }),
    'GET /bridge/admin/sessions': () => json({ success: true, items: sessions }),
    'GET /bridge/my-bridges': () => json({ success: true, items: [ownClaim] }),
    'GET /api/bridge/admin/tokens': () => json({ success: true, items: tokens }),
    'GET /api/bridge/audit/search': (_call, q) =>
      json({
        success: true,
        items: auditItems(3),
        total: 3,
        page: Number(q.get('page')),
        page_size: Number(q.get('page_size')),
      }),
    'GET /bridge/health': () => json(health),
    'GET /health': () => json(serverHealth),
    ...handlers,
  };
  const urls: URL[] = [];
  const api = fakeApi(
    Object.fromEntries(
      Object.entries(base).map(([key, handler]) => [
        key,
        (call: FakeCall) => handler(call, (urls.at(-1) ?? new URL('http://x')).searchParams),
      ]),
    ),
  );
  // fakeApi calls the handler synchronously inside fetch, so the last URL is this call's.
  const record = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return record ? record(input, init) : json({}, { status: 404 });
  });
  return {
    ...api,
    /** The query strings sent to `path`, in order. */
    queriesTo: (path: string) => urls.filter((u) => u.pathname === path).map((u) => u.searchParams),
  };
}

export const ok = (message: string) => () => json({ success: true, message });

export async function openBridgeAdmin() {
  const app = renderApp('/bridge-admin');
  // The first visit transforms the lazy route module: slower than findBy's default second.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Controle Bridge (Admin)' },
    { timeout: 5000 },
  );
  return app;
}

/** One panel alone on /bridge-admin: quicker where a test runs many polls. */
export async function openPanel(element: ReactElement, title: string) {
  renderApp('/bridge-admin', { routes: [{ path: '/bridge-admin', element }] });
  return screen.findByRole('region', { name: title });
}

export const panel = (name: string) => screen.getByRole('region', { name });
export const rowsOf = (region: HTMLElement) => within(region).getAllByRole('row').slice(1);

/** The body row at `index`; fails the test when the table is shorter. */
export function rowAt(region: HTMLElement, index: number): HTMLElement {
  const row = rowsOf(region)[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
}

/**
 * A WebSocket the test drives: like a real one it opens and answers the ticket on a later turn
 * of the event loop, and the test pushes the server's events with `push`.
 */
export class FakeSocket {
  static last: FakeSocket | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  send() {
    setTimeout(() => this.push({ type: 'ws_connected', user_id: 1 }), 0);
  }
  close() {
    this.onclose = null;
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
