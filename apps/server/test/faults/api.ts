import { DEFAULT_BOT_CONFIG, STRATEGY_KEYS } from '@vortex/core';

/** Calls the API as the web app does; throws with the answer when it is not 2xx. */
export async function call<T = Record<string, unknown>>(
  base: string,
  route: string,
  opts: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${opts.method ?? 'GET'} ${route}: HTTP ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export async function login(base: string, who: { email: string; password: string }) {
  const r = await call<{ token: string }>(base, '/auth/login', {
    body: { email: who.email, password: who.password },
  });
  return r.token;
}

/** Registers a REAL trader and has the admin approve it; answers the trader's token. */
export async function approvedTrader(
  base: string,
  adminToken: string,
  who: { email: string; password: string },
): Promise<string> {
  await call(base, '/auth/register', {
    body: {
      full_name: 'Trader das Falhas',
      username: 'trader.falhas',
      email: who.email,
      phone: '+55 11 91234-5678',
      date_of_birth: '1985-04-12',
      password: who.password,
      account_type: 'real',
      uses_mt5: true,
      broker: 'Corretora Teste',
    },
  });
  const { users } = await call<{ users: { id: number; email: string }[] }>(base, '/users', {
    token: adminToken,
  });
  const id = users.find((u) => u.email === who.email)?.id;
  if (!id) throw new Error('registered trader not listed');
  await call(base, `/users/${id}/approve`, { token: adminToken, method: 'PUT' });
  return login(base, who);
}

/** Enables two strategies on `symbol` and starts the bot; the terminal then streams its bars. */
export async function startBot(base: string, token: string, symbol: string): Promise<void> {
  const config = structuredClone(DEFAULT_BOT_CONFIG);
  config.general.symbol = symbol;
  for (const key of STRATEGY_KEYS)
    config[key].enabled = key === 'di_crossover' || key === 'rsi_contrary';
  await call(base, '/bot/config', { token, body: config });
  await call(base, '/api/bot/start', { token, method: 'POST' });
}

export interface BotStatus {
  bot_active: boolean;
  paused: boolean;
  error: string | null;
}

export async function botStatus(base: string, token: string): Promise<BotStatus> {
  return (await call<{ status: BotStatus }>(base, '/bot/status', { token })).status;
}

/** The bridge as the MT5 screen's test button sees it. */
export async function bridgeConnected(base: string, token: string): Promise<boolean> {
  const r = await call<{ connected?: boolean }>(base, '/api/mt5/test-bridge', {
    token,
    method: 'POST',
  });
  return r.connected === true;
}
