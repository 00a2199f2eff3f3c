import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, type Requests } from '../../../server/test/fixture.js';
import { BridgeAgent } from './agent.js';
import { commandMessages } from './messages.js';
import { createSimSource } from './sim-source.js';
import { waitUntil } from '../../../server/test/wait.js';

const mt5Connected = async (asTrader: Requests) =>
  (await asTrader.post('/api/mt5/test-bridge')).json<{ connected: boolean }>().connected;

describe('MT5 login and logout from the web API, through the real agent on the simulator', () => {
  it('confirms the simulated account, refuses another, and logs out until the next login', async ({
    base,
    api,
    trader,
  }) => {
    const asTrader = api.as(trader);
    const token = (await asTrader.post('/bridge/token/create')).json<{ token: string }>().token;
    const source = createSimSource({
      seed: 'agent-mt5',
      historyDays: 2,
      speed: 1,
      now: () => Date.parse('2025-11-19T17:00:00Z'),
    });
    const { account_number: account, server } = source.terminal();
    const agent = new BridgeAgent({
      serverUrl: base,
      pairingToken: token,
      stateDir: await mkdtemp(path.join(os.tmpdir(), 'vortex-mt5-')),
      source,
      clientVersion: '0.1.0',
      heartbeatMs: 100,
      log: () => undefined,
    });
    await agent.start();
    await waitUntil(() => mt5Connected(asTrader), 'MT5 never read as connected');

    const login = await asTrader.post('/api/mt5/connect', {
      login: account,
      password: 'qualquer',
      server,
    });
    expect(login.json()).toEqual({
      success: true,
      message: commandMessages.loginOk(account, server),
    });
    const other = await asTrader.post('/api/mt5/connect', {
      login: 42,
      password: 'qualquer',
      server,
    });
    expect(other.json()).toEqual({
      success: false,
      message: commandMessages.loginMismatch(42, account, server),
    });

    expect((await asTrader.post('/api/mt5/disconnect')).json()).toMatchObject({ success: true });
    await waitUntil(async () => !(await mt5Connected(asTrader)), 'MT5 still reads as connected');
    await asTrader.post('/api/mt5/connect', { login: account, password: 'qualquer', server });
    await waitUntil(() => mt5Connected(asTrader), 'MT5 never read as connected again');
    agent.stop();
  });
});
