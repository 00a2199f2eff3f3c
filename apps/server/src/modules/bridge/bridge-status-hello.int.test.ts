import { TestAgent } from '../../../test/agent-client.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { bearer } from '../../../test/identities.js';
import { createTestApp } from '../../../test/test-app.js';
import { waitUntil } from '../../../test/wait.js';

const hello = (account: number) => ({
  type: 'hello',
  account_number: account,
  server: 'Clear-Demo',
  currency: 'BRL',
  margin_mode: 'netting',
  trade_mode: 'demo',
  client_version: '0.1.0',
});

describe('/mt5/status says connected only after the agent’s hello on its connection', () => {
  it('reads not connected while the agent has authenticated and beats but not said hello', async ({
    base,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const token = (await api.as(u).post('/bridge/token/create')).json<{ token: string }>().token;
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect(await agent.next()).toMatchObject({ type: 'auth_ok' });
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    // Handled in order: once the barrier is answered, the heartbeat was too.
    await agent.roundTrip();
    expect((await api.as(u).get('/mt5/status')).json()).toMatchObject({
      connected: false,
      mt5_connected: false,
      bridge_connected: false,
    });
    agent.send(hello(7_700_001));
    expect(await agent.next()).toMatchObject({ type: 'resume' });
    expect((await api.as(u).get('/mt5/status')).json()).toMatchObject({
      connected: true,
      bridge_connected: true,
      account: 7_700_001,
    });
    agent.close();
  });

  it('does not read a session the database still holds as connected (a server restarted after a crash)', async ({
    db,
    base,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const token = (await api.as(u).post('/bridge/token/create')).json<{ token: string }>().token;
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    await agent.next();
    agent.send(hello(7_700_002));
    await agent.next();
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    // The database holds what a crashed server leaves: an active session with MT5 alive.
    await waitUntil(async () => {
      const row = await db.pool.query(
        `SELECT 1 FROM bridge_sessions s JOIN bridge_claims c ON c.id = s.claim_id
         WHERE s.user_id = $1 AND s.status = 'active' AND c.last_hb_mt5_at IS NOT NULL`,
        [u.id],
      );
      return row.rowCount === 1;
    }, 'the heartbeat never reached the database');
    // A second server on the same database, as the restarted one: no agent has reached it yet.
    const restarted = await createTestApp(db);
    try {
      const res = await restarted.app.inject({ url: '/mt5/status', headers: bearer(u.token) });
      expect(res.json()).toMatchObject({ connected: false, bridge_connected: false });
      // The dashboard answers the same question the same way.
      const dashboard = await restarted.app.inject({
        url: '/dashboard/realtime',
        headers: bearer(u.token),
      });
      expect(dashboard.json()).toMatchObject({
        data: { connection_status: { bridge_connected: false, mt5_connected: false } },
      });
    } finally {
      await restarted.close();
      agent.close();
    }
  });
});
