import { afterAll, describe, expect, it } from 'vitest';
import { waitForValue } from '../apps/server/test/wait.js';
import { removeDataDir, startSystem, type RunningSystem } from './support/system.js';

const DEMO = { email: 'demo.e2e@vortex.local', password: 'Demo@E2e2026' };
let system: RunningSystem | undefined;

afterAll(async () => {
  if (!system) return;
  await system.stop();
  await removeDataDir(system.dataDir);
});

describe('demo mode', () => {
  it('runs a simulated agent paired to the demo trader, whose deals and account the API serves', async () => {
    system = await startSystem({
      env: {
        DEMO: '1',
        DEMO_EMAIL: DEMO.email,
        DEMO_PASSWORD: DEMO.password,
        SIM_HISTORY_DAYS: '10',
      },
    });
    const login = await fetch(`${system.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const get = async <T>(url: string) =>
      (await (
        await fetch(`${system?.apiUrl}${url}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as T;

    const status = await waitForValue(
      async () => {
        const s = await get<{ connected: boolean; account: number | null }>('/api/mt5/status');
        return s.connected && s;
      },
      'the demo bridge never connected MT5',
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const info = await get<{ account: { balance: number; server: string } | null }>(
      '/mt5/account_info',
    );
    expect(info.account?.server).toBe('Vortex-Simulador');
    expect(info.account?.balance).toBeGreaterThan(0);
    const bridges = await get<{ items: { status: string; primary_account_number: number }[] }>(
      '/bridge/my-bridges',
    );
    expect(bridges.items[0]).toMatchObject({
      status: 'active',
      primary_account_number: status.account,
    });
  });
});
