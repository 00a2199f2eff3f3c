import { TestAgent } from '../../../test/agent-client.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { waitUntil } from '../../../test/wait.js';

describe('bridge and MT5 status', () => {
  it('reads not connected, then connected with the account once an agent pairs and beats', async ({
    db,
    base,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    expect((await api.as(u).get('/mt5/status')).json()).toMatchObject({
      connected: false,
      bridge_connected: false,
      account: null,
    });
    expect((await api.as(u).get('/bridge/my-bridges')).json()).toEqual({
      success: true,
      items: [],
      onboarding_completed: false,
    });
    expect((await api.as(u).get('/mt5/account_info')).json()).toEqual({
      success: true,
      login: null,
      account: null,
    });

    // No body at all: the label defaults.
    const token = (await api.as(u).post('/bridge/token/create')).json<{ token: string }>().token;
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    await agent.next();
    agent.send({
      type: 'hello',
      account_number: 7_654_321,
      server: 'Clear-Demo',
      currency: 'BRL',
      margin_mode: 'netting',
      trade_mode: 'demo',
      client_version: '0.1.0',
    });
    await agent.next();
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    agent.send({
      type: 'account',
      ts: Date.now(),
      account: {
        balance: 9_800,
        equity: 9_750,
        margin: 0,
        free_margin: 9_750,
        margin_level: 0,
        profit: -50,
        currency: 'BRL',
      },
    });
    agent.send({
      type: 'deals',
      batch_id: 'sync',
      deals: [
        {
          ticket: 1,
          order: 1,
          position_id: 1,
          symbol: 'WINZ25',
          type: 0,
          entry: 0,
          volume: 1,
          price: 125_000,
          profit: 0,
          commission: -0.25,
          swap: 0,
          magic: 0,
          reason: 0,
          time: 1,
          time_msc: 1000,
        },
      ],
    });
    await agent.next();

    const status = await api.as(u).get('/api/mt5/status');
    expect(status.headers['x-mt5-source']).toBe('bridge');
    expect(status.json()).toEqual({
      success: true,
      connected: true,
      mt5_connected: true,
      bridge_connected: true,
      account: 7_654_321,
      login: 7_654_321,
      server: 'Clear-Demo',
      source: 'bridge',
    });
    const claims = (await api.as(u).get('/bridge/my-bridges')).json<{
      items: {
        status: string;
        last_hb_mt5: boolean;
        primary_account_number: number;
        token_prefix: string;
      }[];
    }>().items;
    expect(claims).toEqual([
      expect.objectContaining({
        status: 'active',
        last_hb_mt5: true,
        primary_account_number: 7_654_321,
        token_prefix: token.slice(0, 8),
      }),
    ]);
    expect((await api.as(u).get('/mt5/account_info')).json()).toMatchObject({
      login: 7_654_321,
      account: { balance: 9_800, equity: 9_750, server: 'Clear-Demo' },
    });

    // Another user sees none of it.
    const other = await newUser();
    expect((await api.as(other).get('/bridge/my-bridges')).json()).toEqual({
      success: true,
      items: [],
      onboarding_completed: false,
    });
    expect((await api.as(other).get('/mt5/status')).json()).toMatchObject({ connected: false });

    // A closed connection reads offline at once, and its session is closed in the database.
    agent.close();
    await agent.waitClosed();
    // The server hears the close on its side after this one does.
    await waitUntil(
      async () =>
        !(await api.as(u).get('/mt5/status')).json<{ bridge_connected: boolean }>()
          .bridge_connected,
      'the bridge still reads connected after its socket closed',
      { timeoutMs: 10_000 },
    );
    expect((await api.as(u).get('/mt5/status')).json()).toMatchObject({
      connected: false,
      bridge_connected: false,
    });
    const open = await db.pool.query(
      "SELECT 1 FROM bridge_sessions WHERE user_id = $1 AND status = 'active' AND disconnected_at IS NULL",
      [u.id],
    );
    expect(open.rowCount).toBe(0);
  });
});

describe('onboarding completion (access-and-admin.md §4, issue 14)', () => {
  const claimSeen = (db: TestDatabase, userId: number, secondsAgo: number, mt5: boolean) =>
    db.pool.query(
      `INSERT INTO bridge_claims (user_id, token_prefix, status, last_seen_at, last_hb_mt5_at)
       VALUES ($1, 'vtx_test', 'active', now() - make_interval(secs => $2),
               CASE WHEN $3 THEN now() - make_interval(secs => $2) END)`,
      [userId, secondsAgo, mt5],
    );
  const completed = async (api: Requests, u: TestUser) =>
    (await api.as(u).get('/bridge/my-bridges')).json<{ onboarding_completed: boolean }>()
      .onboarding_completed;

  it('is remembered once the rule held, after the bridge has gone quiet', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    // Seen 90 s ago without MT5: paired but not complete (the rule wants MT5 or under 60 s).
    await claimSeen(db, u.id, 90, false);
    expect(await completed(api, u)).toBe(false);
    await db.pool.query('UPDATE bridge_claims SET last_seen_at = now() WHERE user_id = $1', [u.id]);
    expect(await completed(api, u)).toBe(true);
    // An hour later the claim is stale, but the trader finished onboarding.
    await db.pool.query(
      "UPDATE bridge_claims SET last_seen_at = now() - interval '1 hour' WHERE user_id = $1",
      [u.id],
    );
    expect(await completed(api, u)).toBe(true);
  });

  it('never completes on a claim seen too long ago, nor for another user', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    await claimSeen(db, u.id, 3 * 60, true);
    expect(await completed(api, u)).toBe(false);
    const other = await newUser({ role: 'trader' });
    await claimSeen(db, other.id, 5, true);
    expect(await completed(api, other)).toBe(true);
    expect(await completed(api, u)).toBe(false);
  });
});
