import type { BridgeEvent } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { describe, expect, it, type Requests, type TestUser } from '../../../test/fixture.js';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';

let agent: TestAgent;
let queries = 0;
/** While set, the clock stands still: a cached copy can then only be dropped by an event. */
let frozenAt: number | undefined;

const positions = (api: Requests, trader: TestUser) => api.as(trader).get('/dashboard/positions');

/** Resolves when the bus carries the trader's event of this type. */
const published = (app: FastifyInstance, trader: TestUser, type: BridgeEvent['type']) =>
  new Promise<void>((resolve) => {
    const stop = app.bridgeRuntime.bus.subscribe((e) => {
      if (e.type === type && e.user_id === trader.id) {
        stop();
        resolve();
      }
    });
  });

// Asks for the database alone, so the app is built after: the cache keeps the clock it finds
// then, and the app's pool must already count its queries.
it.beforeAll(({ db }) => {
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => frozenAt ?? realNow());
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  db.pool.query = ((...args: unknown[]) => {
    queries++;
    return query(...args);
  }) as typeof db.pool.query;
});
it.beforeAll(async ({ app, base, trader }) => {
  agent = await pairTestAgent(app, base, trader, 7_700_002);
});
it.afterAll(() => {
  agent.close();
});

describe('/dashboard/positions from memory', () => {
  it('answers a warm request without a database query', async ({ api, trader }) => {
    expect((await positions(api, trader)).statusCode).toBe(200);
    const before = queries;
    const again = await positions(api, trader);
    expect(again.statusCode).toBe(200);
    expect(queries - before).toBe(0);
  });

  it('shows what the agent sent as soon as its event is published, not after the TTL', async ({
    app,
    api,
    trader,
  }) => {
    // With the clock stopped the 1-second TTL never runs out: only the event can drop the copy.
    frozenAt = Date.now();
    try {
      expect((await positions(api, trader)).json<{ positions: unknown[] }>().positions).toEqual([]);
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
      expect((await positions(api, trader)).json<{ positions: unknown[] }>().positions).toEqual([]);
      expect(queries - before).toBe(0);
      const heard = published(app, trader, 'positions_snapshot');
      agent.send({ type: 'positions', ts: frozenAt, positions: [position] });
      await heard;
      expect((await positions(api, trader)).json<{ positions: unknown[] }>().positions).toEqual([
        position,
      ]);
    } finally {
      frozenAt = undefined;
    }
  });
});
