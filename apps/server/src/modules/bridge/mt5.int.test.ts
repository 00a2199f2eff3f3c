import { bridgeMessages, mt5Messages, type ServerMessage } from '@vortex/core';
import { z } from 'zod';
import { pairTestAgent } from '../../../test/agent-client.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { waitUntil } from '../../../test/wait.js';
import { oneRow } from '../../db/rows.js';

describe('/api/mt5 through the trader’s own agent', () => {
  it('tests the bridge: offline, then MT5 not logged in, then connected', async ({
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    expect((await api.as(trader).post('/api/mt5/test-bridge', {})).json()).toEqual({
      success: false,
      connected: false,
      account: null,
      server: null,
      message: mt5Messages.bridgeOffline,
    });
    const account = 6_000_000 + trader.id;
    const agent = await pairTestAgent(app, base, trader, account);
    expect((await api.as(trader).post('/api/mt5/test-bridge')).json()).toMatchObject({
      success: true,
      connected: false,
      message: mt5Messages.notLoggedIn,
    });
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    // A heartbeat has no answer: the status says when it was read.
    await waitUntil(
      async () =>
        (await api.as(trader).post('/api/mt5/test-bridge')).json<{ connected: boolean }>()
          .connected,
      'the heartbeat never made MT5 read as connected',
    );
    expect((await api.as(trader).post('/api/mt5/test-bridge')).json()).toEqual({
      success: true,
      connected: true,
      account,
      server: 'Vortex-Demo',
      message: mt5Messages.bridgeConnected(account, 'Vortex-Demo'),
    });
    agent.close();
  });

  it('sends the MT5 login as a command and answers with the agent’s result; never stores the password', async ({
    db,
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const agent = await pairTestAgent(app, base, trader, 6_100_000 + trader.id);
    const answer = api.as(trader).post('/api/mt5/connect', {
      login: '123456',
      password: 'segredo-mt5',
      server: 'XP-Demo',
      bridge_url: 'http://localhost:8080',
    });
    const command = (await agent.next()) as Extract<ServerMessage, { type: 'command' }>;
    expect(command).toMatchObject({
      type: 'command',
      command: { kind: 'mt5_login', login: 123456, password: 'segredo-mt5', server: 'XP-Demo' },
    });
    expect(command.expires_at).toBeGreaterThan(Date.now());
    agent.send({
      type: 'command_result',
      command_id: command.command_id,
      ok: true,
      retcode: 10009,
      message: 'Login realizado',
    });
    expect((await answer).json()).toEqual({ success: true, message: 'Login realizado' });
    // MT5 counts as logged in at once, without waiting for the next heartbeat.
    expect((await api.as(trader).post('/api/mt5/test-bridge')).json()).toMatchObject({
      connected: true,
    });
    const stored = await oneRow(
      db.pool,
      z.object({ payload: z.record(z.string(), z.unknown()), status: z.string() }),
      'SELECT payload, status FROM bridge_commands WHERE id = $1',
      [command.command_id],
    );
    expect(stored).toEqual({
      payload: { kind: 'mt5_login', login: 123456, server: 'XP-Demo' },
      status: 'done',
    });

    // A failure comes back as the agent said it; the agent leaving mid-command ends the wait.
    const failing = api.as(trader).post('/api/mt5/disconnect');
    const logout = (await agent.next()) as Extract<ServerMessage, { type: 'command' }>;
    expect(logout.command).toEqual({ kind: 'mt5_logout' });
    agent.close();
    // The bridge is known gone when its socket closes, before the 60 s freshness window would
    // say so (the wait's deadline is far below it).
    const status = () => api.as(trader).get('/api/mt5/status');
    await waitUntil(
      async () => !(await status()).json<{ bridge_connected: boolean }>().bridge_connected,
      'the bridge still reads connected after its socket closed',
      { timeoutMs: 10_000 },
    );
    expect((await status()).json()).toMatchObject({
      bridge_connected: false,
      mt5_connected: false,
    });
    expect((await failing).json()).toEqual({ success: false, message: bridgeMessages.agentGone });
  });

  it('answers 409 when there is no bridge, 400 for a bad form and 403 for a viewer', async ({
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const offline = await api.as(trader).post('/api/mt5/connect', {
      login: 1,
      password: 'x',
      server: 'S',
    });
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toMatchObject({ error: mt5Messages.bridgeOffline });
    const bad = await api
      .as(trader)
      .post('/api/mt5/connect', { login: 'abc', password: '', server: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('Informe o login da conta MT5.');
    const viewer = await newUser({ role: 'viewer' });
    expect((await api.as(viewer).post('/api/mt5/disconnect')).statusCode).toBe(403);
  });
});
