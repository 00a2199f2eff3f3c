import { liveMessages } from '@vortex/core';
import { vi } from 'vitest';
import { describe, expect, it } from '../../../test/fixture.js';
import { bearer, type TestUser } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';

/** Through the real HTTP route, as a browser gets it. */
const ticketFor = async (base: string, u: TestUser): Promise<string> => {
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
  it('spends a ticket once even when two channels race for it', async ({ base, newUser }) => {
    const trader = await newUser({ role: 'trader' });
    // Warm: the session is served from memory from here on.
    await ticketFor(base, trader);
    const ticket = await ticketFor(base, trader);
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

  it('opens from memory: the ticket and its session need no statement of their own', async ({
    base,
    db,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    await ticketFor(base, trader);
    const ticket = await ticketFor(base, trader);
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

  it('opens with the role the user holds at open, not the one the ticket was issued under', async ({
    app,
    base,
    newUser,
  }) => {
    const admin = await newUser({ role: 'admin' });
    const promoted = await newUser({ role: 'trader' });
    const ticket = await ticketFor(base, promoted);
    const res = await app.inject({
      method: 'POST',
      url: `/users/${promoted.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    const c = await LiveWsClient.open(base, { ticket });
    await c.waitFor((m) => m.type === 'ws_connected');
    // In the admin scope now: another trader's session event reaches it.
    const other = await newUser({ role: 'trader' });
    app.bridgeRuntime.bus.publish({ type: 'bridge_paired', user_id: other.id });
    await c.waitFor((m) => m.type === 'bridge_paired' && m.user_id === other.id);
    expect(c.closed).toBeUndefined();
    c.close();
  });
});
