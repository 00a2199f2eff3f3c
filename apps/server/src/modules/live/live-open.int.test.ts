import { liveMessages } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** Through the real HTTP route, as a browser gets it. */
const ticketFor = async (u: TestUser): Promise<string> => {
  const res = await fetch(`${base}/api/bridge/events/ticket`, {
    method: 'POST',
    headers: bearer(u.token),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticket: string }).ticket;
};

const settled = async (c: LiveWsClient) => {
  await Promise.race([c.waitFor((m) => m.type === 'ws_connected'), c.waitClosed()]).catch(
    () => undefined,
  );
  return c.closed ? 'refused' : 'open';
};

describe('opening a live channel from a warm session cache', () => {
  it('spends a ticket once even when two channels race for it', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    // Warm: the session is served from memory from here on.
    await ticketFor(trader);
    const ticket = await ticketFor(trader);
    const racing = await Promise.all([
      LiveWsClient.open(base, { ticket }),
      LiveWsClient.open(base, { ticket }),
    ]);
    const outcomes = await Promise.all(racing.map(settled));
    expect(outcomes.sort()).toEqual(['open', 'refused']);
    const refused = racing.find((c) => c.closed);
    expect(refused?.received[0]).toEqual({ type: 'error', error: liveMessages.ticketInvalid });
    for (const c of racing) c.close();
  });

  it('opens from memory: the ticket and its session need no statement of their own', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    await ticketFor(trader);
    const ticket = await ticketFor(trader);
    const query = vi.spyOn(db.pool, 'query');
    try {
      const c = await LiveWsClient.open(base, { ticket });
      await c.waitFor((m) => m.type === 'ws_connected' && m.user_id === trader.id);
      c.close();
      // Other work of the server's (its queues) may query meanwhile; nothing of the open does.
      const statements = query.mock.calls.map((args) => {
        const q: unknown = args[0];
        if (typeof q === 'string') return q;
        const config = (q ?? {}) as { name?: string; text?: string };
        return `${config.name ?? ''} ${config.text ?? ''}`;
      });
      expect(statements.filter((q) => /live_tickets|sessions|read-live-session/.test(q))).toEqual(
        [],
      );
    } finally {
      query.mockRestore();
    }
  });

  it('opens with the role the user holds at open, not the one the ticket was issued under', async () => {
    const admin = await makeUser(db.pool, { role: 'admin' });
    const promoted = await makeUser(db.pool, { role: 'trader' });
    const ticket = await ticketFor(promoted);
    const res = await t.app.inject({
      method: 'POST',
      url: `/users/${promoted.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    const c = await LiveWsClient.open(base, { ticket });
    await c.waitFor((m) => m.type === 'ws_connected');
    // In the admin scope now: another trader's session event reaches it.
    const other = await makeUser(db.pool, { role: 'trader' });
    t.app.bridgeRuntime.bus.publish({ type: 'bridge_paired', user_id: other.id });
    await c.waitFor((m) => m.type === 'bridge_paired' && m.user_id === other.id);
    expect(c.closed).toBeUndefined();
    c.close();
  });
});
