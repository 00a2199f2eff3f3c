import { TestAgent } from '../../../test/agent-client.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { bearer } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';
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
    const ticket = (await api.as(u).post('/api/bridge/events/ticket')).json<{ ticket: string }>();
    const live = await LiveWsClient.open(base, { ticket: ticket.ticket });
    await live.waitFor((m) => m.type === 'ws_connected');
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
    // The live channel says the same: its events come in order, so every bridge_status before
    // the hello's said not connected (a page shown 'Conectado!' at auth lost it again).
    await live.waitFor((m) => m.type === 'bridge_status' && m.connected === true);
    const statuses = live.received.filter((m) => m.type === 'bridge_status');
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.slice(0, -1).every((m) => m.connected === false)).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ connected: true, account_number: 7_700_001 });
    live.close();
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
