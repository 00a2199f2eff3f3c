import net from 'node:net';
import type { ServerMessage } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pairTestAgent, TestAgent, testDeal } from '../../../test/agent-client.js';
import { makeUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createPool } from '../../db/database.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The database as the app reaches it: a TCP hop the test cuts (new connections refused, open
 * ones dropped mid-query) and restores on the same port. A real outage on real sockets, held
 * exactly as long as the test needs it; the tier's shared PostgreSQL is never touched.
 */
class CuttableLink {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

let db: TestDatabase;
let link: CuttableLink;
let outage: TestDatabase;
let t: TestApp;
let base: string;

// Not on the fixture: its app reaches the database through a link the test cuts, on a pool of
// its own, while the test reads through the direct one.
beforeAll(async () => {
  db = await createTestDatabase();
  const url = new URL(db.url);
  link = new CuttableLink({ host: url.hostname, port: Number(url.port) });
  await link.open();
  url.host = `127.0.0.1:${link.port}`;
  // The app's own pool goes through the link; the test's (db.pool) does not.
  const pool = createPool(url.toString());
  outage = { ...db, pool, drop: () => pool.end() };
  t = await createTestApp(outage);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await outage.drop();
  await link.cut();
  await db.drop();
});

const storedTickets = async (userId: number) =>
  (
    await rowsOf(
      db.pool,
      z.object({ ticket: z.number() }),
      `SELECT d.ticket FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1 ORDER BY d.ticket`,
      [userId],
    )
  ).map((r) => r.ticket);

const account = {
  balance: 10_000,
  equity: 10_000,
  margin: 0,
  free_margin: 10_000,
  margin_level: 0,
  profit: 0,
  currency: 'BRL',
};

describe('an agent while the database is away', () => {
  it('keeps its connection, gets no ack, and has the batch stored when it resends it later', async () => {
    const user = await makeUser(db.pool, { role: 'trader' });
    const agent = await pairTestAgent(t.app, base, user, 8_200_001);
    agent.send({ type: 'deals', batch_id: 'b1', deals: [testDeal(1), testDeal(2)] });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack', stored: 2 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/bridge/token/create',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const token = created.json<{ token: string }>().token;

    await link.cut();
    const now = Date.now();
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: now });
    agent.send({ type: 'account', ts: now, account });
    agent.send({ type: 'positions', ts: now, positions: [] });
    agent.send({ type: 'deals', batch_id: 'b2', deals: [testDeal(3), testDeal(4)] });
    // Handled in order: the answer to this one proves the four before it were answered by
    // nothing at all (no ack, no error, no close).
    agent.send({ type: 'nope' });
    const answer: ServerMessage = await agent.next();
    expect(answer).toMatchObject({ type: 'error' });
    expect(answer.type === 'error' && answer.ref).toBeFalsy();
    expect(agent.closed).toBeUndefined();

    // An agent (re)connecting meanwhile is told to come back later, never refused for good.
    const late = await TestAgent.connect(base);
    late.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect(await late.waitClosed()).toBe(1013);
    // Closed: anything the server said before closing has arrived by now.
    await expect(late.next(10)).rejects.toThrow('no message from the server');

    await link.open();
    // The agent's ack timeout sends the unacknowledged deals again, in a batch of its own.
    agent.send({ type: 'deals', batch_id: 'b2-resent', deals: [testDeal(3), testDeal(4)] });
    expect(await agent.next()).toEqual({
      type: 'deals_ack',
      batch_id: 'b2-resent',
      last_ticket: 4,
      stored: 2,
    });
    expect(await storedTickets(user.id)).toEqual([1, 2, 3, 4]);
    // The pairing token was not spent by the refused attempt.
    late.close();
    const again = await TestAgent.connect(base);
    again.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect((await again.next()).type).toBe('auth_ok');
    again.close();
    agent.close();
  });
});
