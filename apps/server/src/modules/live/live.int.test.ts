import { LIVE_CONNECTIONS_PER_USER, LIVE_TICKET_TTL_MS, liveMessages } from '@vortex/core';
import http from 'node:http';
import { vi } from 'vitest';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';
import { pairTestAgent, testDeal } from '../../../test/agent-client.js';
import { bearer, type TestUser } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';
import { waitUntil } from '../../../test/wait.js';
import { helmetHeaders } from '../../http/security.js';
import { openSession } from '../auth/session.service.js';

async function ticketFor(api: Requests, u: TestUser): Promise<string> {
  const res = await api.as(u).post('/api/bridge/events/ticket');
  expect(res.statusCode).toBe(201);
  return res.json<{ ticket: string }>().ticket;
}

async function liveFor({ api, base }: { api: Requests; base: string }, u: TestUser) {
  const c = await LiveWsClient.open(base, { ticket: await ticketFor(api, u) });
  await c.waitFor((m) => m.type === 'ws_connected');
  return c;
}

interface SseRead {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** An open server-sent event stream: waits for what it received to satisfy a test, then hangs up. */
async function openSse(url: string): Promise<{
  waitFor: (until: (text: string) => boolean) => Promise<SseRead>;
  close: () => void;
}> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, resolve).on('error', reject);
  });
  let text = '';
  res.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    waitFor: async (until) => {
      await waitUntil(
        () => until(text),
        () => `event stream so far: ${JSON.stringify(text)}`,
        {
          timeoutMs: 5000,
        },
      );
      return { status: res.statusCode ?? 0, text, headers: res.headers };
    },
    close: () => res.destroy(),
  };
}

/** Reads a server-sent event stream until `until` holds for the text received, then hangs up. */
async function readSse(url: string, until: (text: string) => boolean): Promise<SseRead> {
  const sse = await openSse(url);
  try {
    return await sse.waitFor(until);
  } finally {
    sse.close();
  }
}

describe('live events', () => {
  it('a trader hears their own bridge; an admin hears its lifecycle but not its data', async ({
    app,
    base,
    api,
    newUser,
    admin,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const other = await newUser({ role: 'trader' });
    const [mine, theirs, admins] = await Promise.all([
      liveFor({ api, base }, trader),
      liveFor({ api, base }, other),
      liveFor({ api, base }, admin),
    ]);
    const agent = await pairTestAgent(app, base, trader, 5_100_000 + trader.id);
    const paired = await mine.waitFor((m) => m.type === 'bridge_paired');
    expect(paired.user_id).toBe(trader.id);
    expect(typeof paired.expires_at).toBe('string');
    await mine.waitFor((m) => m.type === 'bridge_status' && m.account_number !== null);
    await admins.waitFor((m) => m.type === 'bridge_paired' && m.user_id === trader.id);

    agent.send({ type: 'deals', batch_id: 'b1', deals: [testDeal(1), testDeal(2)] });
    await agent.next();
    const added = await mine.waitFor((m) => m.type === 'deals_added');
    expect(added).toMatchObject({ count: 2, account_number: 5_100_000 + trader.id });

    // The other trader heard nothing of it, and the admin never gets account data: the hub sends
    // an event to every channel at once, so a round trip after `mine` got it settles theirs.
    await Promise.all([theirs.roundTrip(), admins.roundTrip()]);
    expect(theirs.received.filter((m) => m.user_id === trader.id)).toEqual([]);
    expect(admins.received.some((m) => m.type === 'deals_added')).toBe(false);

    await app.inject({
      method: 'POST',
      url: `/api/bridge/admin/revoke/${trader.id}`,
      headers: bearer(admin.token),
    });
    await mine.waitFor((m) => m.type === 'bridge_revoked');
    await mine.waitFor((m) => m.type === 'bridge_status' && m.connected === false);
    for (const c of [mine, theirs, admins]) c.close();
  });

  it('spends a ticket once: a second use or an expired ticket is refused', async ({
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const ticket = await ticketFor(api, trader);
    const first = await readSse(`${base}/bridge/events?ticket=${ticket}`, (s) =>
      s.includes('event: ready'),
    );
    expect(first.status).toBe(200);
    const again = await app.inject({ url: `/bridge/events?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: liveMessages.ticketInvalid });

    // Past its lifetime (this server keeps its tickets in memory: its clock decides).
    const stale = await ticketFor(api, trader);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + LIVE_TICKET_TTL_MS + 1_000);
      const ws = await LiveWsClient.open(base, { ticket: stale });
      expect(await ws.waitClosed()).toBe(4401);
      expect(ws.received[0]).toEqual({ type: 'error', error: liveMessages.ticketInvalid });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a socket whose first message is not a credential', async ({ base, newUser }) => {
    const ws = await LiveWsClient.open(base, 'not json');
    expect(await ws.waitClosed()).toBe(4401);
    expect(ws.received[0]).toEqual({ type: 'error', error: liveMessages.firstMessage });
    // The spec's form: the bearer token in the first message (never in the URL).
    const trader = await newUser({ role: 'trader' });
    const ok = await LiveWsClient.open(base, { auth_token: trader.token });
    await ok.waitFor((m) => m.type === 'ws_connected' && m.user_id === trader.id);
    ok.close();
  });

  it('streams events over SSE too', async ({ app, base, api, newUser }) => {
    const trader = await newUser({ role: 'trader' });
    const ticket = await ticketFor(api, trader);
    const sse = await openSse(`${base}/bridge/events?ticket=${ticket}`);
    await sse.waitFor((s) => s.includes('event: ready'));
    await app.inject({
      method: 'POST',
      url: '/bridge/session/terminate',
      headers: bearer(trader.token),
    });
    const { text, headers } = await sse.waitFor((s) => s.includes('event: bridge_terminated'));
    sse.close();
    const line = text.split('\n').find((l) => l.startsWith('data: {"type":"bridge_terminated"'));
    expect(JSON.parse(line?.slice(6) ?? '{}')).toMatchObject({ user_id: trader.id });
    // The stream writes its own head: it carries the security headers every route sends.
    expect(headers).toMatchObject(await helmetHeaders());
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-cache, no-transform');
    expect(headers['transfer-encoding']).toBe('chunked');
  });

  it('ends a channel with its session: logout, suspension, a new role, expiry', async ({
    app,
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const ended = async (c: LiveWsClient) => {
      expect(await c.waitClosed()).toBe(4401);
      expect(c.received.at(-1)).toEqual({ type: 'error', error: liveMessages.sessionEnded });
    };
    const post = (u: TestUser, url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: bearer(u.token), ...(payload && { payload }) });

    const leaving = await newUser({ role: 'trader' });
    const c = await liveFor({ api, base }, leaving);
    // The same user signed in elsewhere: logging out here ends only this sign-in's channel.
    const second = await openSession(db.pool, leaving.id, { ip: null, userAgent: null });
    const other = await liveFor({ api, base }, { ...leaving, token: second.token });
    expect((await post(leaving, '/auth/logout')).statusCode).toBe(200);
    await ended(c);
    // Had logout ended the user's every channel, they end in one pass: its close beats the pong.
    await other.roundTrip();
    expect(other.closed).toBeUndefined();

    const suspended = await newUser({ role: 'trader' });
    const s = await liveFor({ api, base }, suspended);
    await db.pool.query("UPDATE users SET status = 'suspended' WHERE id = $1", [suspended.id]);
    await ended(s);

    // Promoted: the channel ends so the browser reconnects with an admin's scope.
    const promoted = await newUser({ role: 'trader' });
    const p = await liveFor({ api, base }, promoted);
    expect((await post(admin, `/users/${promoted.id}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    await ended(p);

    // Expiry and idleness write nothing: the periodic check finds them.
    const idle = await newUser({ role: 'trader' });
    const i = await liveFor({ api, base }, idle);
    await db.pool.query(
      "UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE user_id = $1",
      [idle.id],
    );
    expect(i.closed).toBeUndefined();
    expect(await app.bridgeRuntime.hub.recheck(() => true)).toBe(1);
    await ended(i);
    expect(other.closed).toBeUndefined();
    other.close();
  });

  it('ends an event stream (SSE) with its session too, saying why', async ({
    app,
    base,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const ticket = await ticketFor(api, trader);
    const sse = await openSse(`${base}/bridge/events?ticket=${ticket}`);
    await sse.waitFor((s) => s.includes('event: ready'));
    await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(trader.token) });
    const { text } = await sse.waitFor((s) => s.includes('event: session_ended'));
    sse.close();
    const line = text.split('\n').find((l) => l.startsWith('data: {"error"'));
    expect(JSON.parse(line?.slice(6) ?? '{}')).toEqual({ error: liveMessages.sessionEnded });
  });

  it('refuses a ticket whose session ended before it was used', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const ticket = await ticketFor(api, trader);
    await db.pool.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [trader.id]);
    const ws = await LiveWsClient.open(base, { ticket });
    expect(await ws.waitClosed()).toBe(4401);
    expect(ws.received[0]).toEqual({ type: 'error', error: liveMessages.ticketInvalid });
  });

  it('caps the channels one user holds and counts them in the health panel', async ({
    app,
    base,
    api,
    newUser,
    admin,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const open: LiveWsClient[] = [];
    for (let i = 0; i < LIVE_CONNECTIONS_PER_USER; i++)
      open.push(await liveFor({ api, base }, trader));
    const extra = await LiveWsClient.open(base, { ticket: await ticketFor(api, trader) });
    expect(await extra.waitClosed()).toBe(4429);

    const health = await app.inject({ url: '/bridge/health', headers: bearer(admin.token) });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      ws_connections: LIVE_CONNECTIONS_PER_USER,
      ws_users: 1,
      per_user_limit: LIVE_CONNECTIONS_PER_USER,
      rate_backend: 'memory',
      allowed_origins: ['http://localhost:3000'],
    });
    for (const c of open) c.close();
  });
});
