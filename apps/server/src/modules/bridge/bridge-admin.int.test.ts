import { bridgeAdminMessages as msg } from '@vortex/core';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { TestAgent } from '../../../test/agent-client.js';
import { rowsOf } from '../../db/rows.js';

const as = (api: Requests, u: TestUser, method: 'GET' | 'POST', url: string) =>
  method === 'GET' ? api.as(u).get(url) : api.as(u).post(url);

interface PairCtx {
  api: Requests;
  base: string;
  newUser: (opts: { role: 'trader' }) => Promise<TestUser>;
}

async function pairedTrader({
  api,
  base,
  newUser,
}: PairCtx): Promise<{ user: TestUser; agent: TestAgent; token: string }> {
  const user = await newUser({ role: 'trader' });
  const token = (await as(api, user, 'POST', '/bridge/token/create')).json<{ token: string }>()
    .token;
  const agent = await TestAgent.connect(base);
  agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
  await agent.next();
  agent.send({
    type: 'hello',
    account_number: 3_000_000 + user.id,
    server: 'Demo',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'demo',
    client_version: '0.1.0',
  });
  await agent.next();
  return { user, agent, token };
}

const auditOf = async (db: TestDatabase, action: string) =>
  (
    await rowsOf(
      db.pool,
      z.object({ target_user_id: z.number() }),
      'SELECT target_user_id FROM audit_log WHERE action = $1',
      [action],
    )
  ).map((r) => r.target_user_id);

describe('bridge administration', () => {
  it('lists sessions with their TTL and revokes a user, which stops their agent', async ({
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ api, base, newUser });
    const list = (await as(api, admin, 'GET', `/bridge/admin/sessions?user_id=${user.id}`)).json<{
      items: { status: string; ttl_seconds: number; account_number: number; username: string }[];
    }>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      status: 'active',
      account_number: 3_000_000 + user.id,
      username: user.username,
    });
    expect(list.items[0]?.ttl_seconds).toBeGreaterThan(12 * 3600 - 60);

    const res = await as(api, admin, 'POST', `/api/bridge/admin/revoke/${user.id}`);
    expect(res.json()).toEqual({ success: true, message: msg.sessionRevoked(user.id) });
    // The connected agent is told at once, not at its next heartbeat, and disconnected.
    expect(await agent.next()).toEqual({ type: 'revoked', reason: 'admin_revoke' });
    expect(await agent.waitClosed()).toBe(4403);
    expect(await auditOf(db, 'bridge_revoked')).toContain(user.id);
  });

  it('revokes a claim (ending its sessions) and resets only a revoked or mismatched one', async ({
    base,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ api, base, newUser });
    const claims = (await as(api, admin, 'GET', '/api/bridge/admin/claims?status=active')).json<{
      items: { id: string; user_id: number }[];
    }>();
    const claim = claims.items.find((c) => c.user_id === user.id);
    if (!claim) throw new Error('claim missing');
    expect((await as(api, admin, 'POST', `/api/bridge/claim/${claim.id}/reset`)).json()).toEqual({
      success: false,
      error: msg.claimNotResettable,
    });
    expect((await as(api, admin, 'POST', `/api/bridge/claim/${claim.id}/revoke`)).json()).toEqual({
      success: true,
      message: msg.claimRevoked,
    });
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    expect((await agent.next()).type).toBe('revoked');
    expect((await as(api, admin, 'POST', `/api/bridge/claim/${claim.id}/reset`)).json()).toEqual({
      success: true,
      message: msg.claimReset,
    });
    const after = (
      await as(api, admin, 'GET', '/api/bridge/admin/claims?status=pre_install')
    ).json<{
      items: { id: string }[];
    }>();
    expect(after.items.map((c) => c.id)).toContain(claim.id);
    expect(
      (
        await as(
          api,
          admin,
          'POST',
          '/api/bridge/claim/00000000-0000-4000-8000-000000000000/revoke',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lists tokens by status and revokes only pending ones', async ({ api, newUser, admin }) => {
    const user = await newUser({ role: 'trader' });
    await as(api, user, 'POST', '/bridge/token/create');
    const pending = (await as(api, admin, 'GET', '/api/bridge/admin/tokens?status=pending')).json<{
      items: { id: string; user_id: number; status: string }[];
    }>();
    const mine = pending.items.find((x) => x.user_id === user.id);
    if (!mine) throw new Error('token missing');
    expect(
      (await as(api, admin, 'POST', `/api/bridge/admin/token/revoke/${mine.id}`)).json(),
    ).toEqual({
      success: true,
      message: msg.tokenRevoked,
    });
    expect(
      (await as(api, admin, 'POST', `/api/bridge/admin/token/revoke/${mine.id}`)).json(),
    ).toEqual({
      success: false,
      error: msg.tokenNotPending,
    });
    const revoked = (await as(api, admin, 'GET', '/api/bridge/admin/tokens?status=revoked')).json<{
      items: { id: string }[];
    }>();
    expect(revoked.items.map((x) => x.id)).toContain(mine.id);
  });

  it('cleans up expired sessions and tokens, with counts', async ({
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ api, base, newUser });
    agent.close();
    await as(api, user, 'POST', '/bridge/token/create');
    await db.pool.query(
      "UPDATE bridge_sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [user.id],
    );
    await db.pool.query(
      "UPDATE bridge_tokens SET expires_at = now() - interval '2 days' WHERE user_id = $1 AND status = 'pending'",
      [user.id],
    );
    const res = await api.as(admin).post('/bridge/admin/cleanup', { user_id: user.id });
    expect(res.json()).toEqual({
      success: true,
      sessions_revoked: 1,
      tokens_revoked: 1,
      tokens_purged: 1,
    });
  });

  it('searches the bridge audit by user, event and dates, in pages', async ({
    base,
    api,
    newUser,
    admin,
  }) => {
    const { user } = await pairedTrader({ api, base, newUser });
    await as(api, admin, 'POST', `/api/bridge/admin/revoke/${user.id}`);
    const all = (
      await as(api, admin, 'GET', `/api/bridge/audit/search?user_id=${user.id}&page_size=25`)
    ).json<{
      items: { event_type: string; meta_json: string }[];
      total: number;
      page_size: number;
    }>();
    expect(all.items.map((i) => i.event_type).sort()).toEqual(
      ['bridge_token_created', 'bridge_paired', 'bridge_revoked'].sort(),
    );
    expect(all.total).toBe(3);
    expect(
      JSON.parse(all.items.find((i) => i.event_type === 'bridge_revoked')?.meta_json ?? '{}'),
    ).toEqual({ sessions: 1 });
    const one = (
      await as(
        api,
        admin,
        'GET',
        `/api/bridge/audit/search?user_id=${user.id}&event_type=bridge_paired`,
      )
    ).json<{ total: number }>();
    expect(one.total).toBe(1);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect(
      (
        await as(api, admin, 'GET', `/api/bridge/audit/search?user_id=${user.id}&from=${future}`)
      ).json<{
        total: number;
      }>().total,
    ).toBe(0);
    const paged = (
      await as(api, admin, 'GET', `/api/bridge/audit/search?page=2&page_size=25`)
    ).json<{
      page: number;
    }>();
    expect(paged.page).toBe(2);
    expect((await as(api, admin, 'GET', '/api/bridge/audit/search?page_size=30')).statusCode).toBe(
      400,
    );
    expect((await as(api, user, 'GET', '/api/bridge/audit/search')).statusCode).toBe(403);
  });

  it('lets a trader end their own bridge session', async ({ base, api, newUser }) => {
    const { user, agent } = await pairedTrader({ api, base, newUser });
    expect((await as(api, user, 'POST', '/bridge/session/terminate')).json()).toEqual({
      success: true,
      message: msg.sessionEnded,
    });
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    expect((await agent.next()).type).toBe('revoked');
  });
});
