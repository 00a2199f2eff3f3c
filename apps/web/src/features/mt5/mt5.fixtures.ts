import { screen } from '@testing-library/react';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { adminUser, seedSession } from '../../test/session-fixtures';

/** A connected agent with MT5 logged in on a demo account (Mt5StatusSchema). */
export const connectedStatus = {
  success: true,
  connected: true,
  mt5_connected: true,
  bridge_connected: true,
  account: 51234567,
  login: 51234567,
  server: 'XPMT5-DEMO',
  source: 'bridge',
};

export const offlineStatus = {
  ...connectedStatus,
  connected: false,
  mt5_connected: false,
  bridge_connected: false,
  account: null,
  login: null,
  server: null,
};

/** The account the agent last reported (Mt5AccountInfoSchema). */
export const accountInfo = {
  success: true,
  login: 51234567,
  account: {
    login: 51234567,
    server: 'XPMT5-DEMO',
    company: 'XP Investimentos CCTVM S/A',
    currency: 'BRL',
    trade_mode: 'demo',
    margin_mode: 'netting',
    balance: 10523.4,
    equity: 10687.15,
    margin: 1250,
    free_margin: 9437.15,
    margin_level: 854.972,
    profit: -163.75,
    updated_at: '2025-03-10T13:05:09.000Z',
  },
};

export const noAccount = { success: true, login: null, account: null };

type Handlers = Record<string, (call: FakeCall) => Response | Promise<Response>>;

/** Logged in as the admin, with a connected terminal and its account unless told otherwise. */
export function mt5Api(handlers: Handlers = {}) {
  seedSession(adminUser);
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user: adminUser }),
    'GET /api/mt5/status': () => json(connectedStatus),
    'GET /mt5/account_info': () => json(accountInfo),
    ...handlers,
  });
}

export const conflict = (error: string) => () => json({ success: false, error }, { status: 409 });
export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

export async function openMt5(options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/mt5', options);
  // The first visit loads the route's chunk: give it more than findBy's default second.
  await screen.findByRole('heading', { level: 1, name: 'Configuração MT5' }, { timeout: 5000 });
  return app;
}
