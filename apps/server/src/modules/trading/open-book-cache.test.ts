import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../live/event-bus.js';
import { OpenBookCache } from './open-book-cache.js';

function setup() {
  const bus = new MemoryEventBus();
  let clock = 1_000;
  const loads: number[] = [];
  let fail = false;
  const cache = new OpenBookCache(
    async (userId: number) => {
      loads.push(userId);
      await Promise.resolve();
      if (fail) throw new Error('database down');
      return { userId, n: loads.length };
    },
    bus,
    { ttlMs: 1_000, now: () => clock },
  );
  return {
    bus,
    cache,
    loads,
    tick: (ms: number) => (clock += ms),
    failing: (v: boolean) => (fail = v),
  };
}

describe('OpenBookCache', () => {
  it('loads once for requests that ask together, then serves the copy within the TTL', async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.cache.get(7), t.cache.get(7)]);
    expect(a).toBe(b);
    t.tick(1_000);
    expect(await t.cache.get(7)).toBe(a);
    expect(t.loads).toEqual([7]);
    t.tick(1);
    expect(await t.cache.get(7)).not.toBe(a);
    expect(t.loads).toEqual([7, 7]);
  });

  it('reloads at once after any bridge event of the trader, not of another trader', async () => {
    const t = setup();
    await t.cache.get(7);
    t.bus.publish({
      type: 'bridge_status',
      user_id: 8,
      connected: true,
      mt5_alive: true,
      account_number: 1,
    });
    await t.cache.get(7);
    expect(t.loads).toEqual([7]);
    t.bus.publish({
      type: 'bridge_status',
      user_id: 7,
      connected: true,
      mt5_alive: true,
      account_number: 1,
    });
    await t.cache.get(7);
    expect(t.loads).toEqual([7, 7]);
  });

  it('does not let a request that arrives after an event join the load begun before it', async () => {
    const t = setup();
    const before = t.cache.get(7);
    t.bus.publish({
      type: 'bridge_status',
      user_id: 7,
      connected: false,
      mt5_alive: false,
      account_number: null,
    });
    const after = t.cache.get(7);
    expect(await after).not.toBe(await before);
  });

  it('does not remember a failed load', async () => {
    const t = setup();
    t.failing(true);
    await expect(t.cache.get(7)).rejects.toThrow('database down');
    t.failing(false);
    expect(await t.cache.get(7)).toMatchObject({ userId: 7 });
  });
});
