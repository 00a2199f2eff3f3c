import type { BridgeEvent } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let trader: TestUser;
let agent: TestAgent;
let queries = 0;
/** While set, the clock stands still: a cached copy can then only be dropped by an event. */
let frozenAt: number | undefined;

const positions = () =>
  t.app.inject({ url: '/dashboard/positions', headers: bearer(trader.token) });

/** Resolves when the bus carries the trader's event of this type. */
const published = (type: BridgeEvent['type']) =>
  new Promise<void>((resolve) => {
    const stop = t.app.bridgeRuntime.bus.subscribe((e) => {
      if (e.type === type && e.user_id === trader.id) {
        stop();
        resolve();
      }
    });
  });

beforeAll(async () => {
  // The cache keeps the clock it finds when the app is built: the spy must be there first.
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => frozenAt ?? realNow());
  db = await createTestDatabase();
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  db.pool.query = ((...args: unknown[]) => {
    queries++;
    return query(...args);
  }) as typeof db.pool.query;
  t = await createTestApp(db);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
  agent = await pairTestAgent(t.app, base, trader, 7_700_002);
});
afterAll(async () => {
  agent.close();
  await t.close();
  await db.drop();
});

describe('/dashboard/positions from memory', () => {
  it('answers a warm request without a database query', async () => {
    expect((await positions()).statusCode).toBe(200);
    const before = queries;
    const again = await positions();
    expect(again.statusCode).toBe(200);
    expect(queries - before).toBe(0);
  });

  it('shows what the agent sent as soon as its event is published, not after the TTL', async () => {
    // With the clock stopped the 1-second TTL never runs out: only the event can drop the copy.
    frozenAt = Date.now();
    try {
      expect((await positions()).json<{ positions: unknown[] }>().positions).toEqual([]);
      const position = {
        ticket: 9101,
        symbol: 'WINZ25',
        type: 0,
        volume: 1,
        price_open: 125_000,
        sl: 0,
        tp: 0,
        price_current: 125_050,
        profit: 10,
        swap: 0,
        magic: 0,
        time: Math.floor(frozenAt / 1000) - 60,
        time_msc: frozenAt - 60_000,
        comment: '',
      };
      // Still the cached copy: nothing is read until the event comes.
      const before = queries;
      expect((await positions()).json<{ positions: unknown[] }>().positions).toEqual([]);
      expect(queries - before).toBe(0);
      const heard = published('positions_snapshot');
      agent.send({ type: 'positions', ts: frozenAt, positions: [position] });
      await heard;
      expect((await positions()).json<{ positions: unknown[] }>().positions).toEqual([position]);
    } finally {
      frozenAt = undefined;
    }
  });
});
