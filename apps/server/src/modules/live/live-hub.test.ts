import { LIVE_CONNECTIONS_PER_USER, type BridgeEventInput, type Role } from '@vortex/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEventBus } from './event-bus.js';
import { type EventFrames, LiveChannel } from './live-channels.js';
import { KEEPALIVE_TICK_MS, LiveHub, type SessionCheck } from './live-hub.js';

/** A channel that keeps what it was given, as a socket would send it. */
class RecordingChannel extends LiveChannel {
  readonly frames: EventFrames[] = [];
  expired = false;

  constructor(userId: number, role: Role = 'trader', sessionId = userId * 100) {
    super(userId, role === 'admin', role, sessionId);
  }

  deliver(frames: EventFrames): boolean {
    this.frames.push(frames);
    return true;
  }

  /** When (Date.now()) each keepalive came. */
  readonly keepalives: number[] = [];

  keepalive(): void {
    this.keepalives.push(Date.now());
  }

  close(): void {}

  expire(): void {
    this.expired = true;
  }

  types(): string[] {
    return this.frames.map((f) => f.event.type);
  }
}

const deals = (userId: number): BridgeEventInput => ({
  type: 'deals_added',
  user_id: userId,
  account_number: 5_000_000 + userId,
  deals: [],
  count: 2,
});
const paired = (userId: number): BridgeEventInput => ({ type: 'bridge_paired', user_id: userId });

describe('LiveHub audience', () => {
  it("delivers a trader's event only to that trader's channels, and lifecycle events to admins", () => {
    const bus = new MemoryEventBus();
    const hub = new LiveHub(bus);
    const [mine, mineToo, theirs] = [
      new RecordingChannel(1),
      new RecordingChannel(1),
      new RecordingChannel(2),
    ];
    const admin = new RecordingChannel(9, 'admin');
    for (const c of [mine, mineToo, theirs, admin]) hub.add(c);

    bus.publish(deals(1));
    bus.publish(paired(1));
    expect(mine.types()).toEqual(['deals_added', 'bridge_paired']);
    expect(mineToo.types()).toEqual(['deals_added', 'bridge_paired']);
    expect(theirs.types()).toEqual([]);
    // Account data stays private; the session event reaches every admin.
    expect(admin.types()).toEqual(['bridge_paired']);
    // Serialised once: every channel of the audience got the same bytes.
    expect(mine.frames[1]?.ws).toBe(admin.frames[0]?.ws);
    expect(mine.frames[1]?.sse).toBe(mineToo.frames[1]?.sse);
    hub.closeAll();
  });

  it('gives an admin their own event once, and forgets closed channels', () => {
    const bus = new MemoryEventBus();
    const hub = new LiveHub(bus);
    const admin = new RecordingChannel(9, 'admin');
    hub.add(admin);
    bus.publish(paired(9));
    expect(admin.types()).toEqual(['bridge_paired']);
    hub.remove(admin);
    hub.remove(admin);
    bus.publish(paired(3));
    expect(admin.types()).toEqual(['bridge_paired']);
    expect(hub.counts()).toEqual({ users: 0, connections: 0 });
    hub.closeAll();
  });

  it('caps the channels per user, counting only that user', () => {
    const hub = new LiveHub(new MemoryEventBus());
    for (let i = 0; i < LIVE_CONNECTIONS_PER_USER; i++)
      expect(hub.add(new RecordingChannel(1))).toBe(true);
    expect(hub.add(new RecordingChannel(1))).toBe(false);
    expect(hub.add(new RecordingChannel(2))).toBe(true);
    expect(hub.connectionsOf(1)).toBe(LIVE_CONNECTIONS_PER_USER);
    expect(hub.counts()).toEqual({ users: 2, connections: LIVE_CONNECTIONS_PER_USER + 1 });
    hub.closeAll();
  });
});

describe('LiveHub and auth changes', () => {
  /** Sessions as the database would answer: each user's role now, or gone. */
  const sessionsOf =
    (now: Map<number, { userId: number; role: Role }>): SessionCheck =>
    (ids) =>
      Promise.resolve(
        new Map(
          ids.flatMap((id) => {
            const s = now.get(id);
            return s ? [[id, { ...s, isAdmin: s.role === 'admin' }] as const] : [];
          }),
        ),
      );

  it('ends the channels of a user whose role changed, and only theirs', async () => {
    const db = new Map<number, { userId: number; role: Role }>([
      [100, { userId: 1, role: 'trader' }],
      [200, { userId: 2, role: 'trader' }],
    ]);
    const bus = new MemoryEventBus();
    const hub = new LiveHub(bus, sessionsOf(db), undefined, () => true);
    const promoted = new RecordingChannel(1);
    const other = new RecordingChannel(2);
    hub.add(promoted);
    hub.add(other);
    db.set(100, { userId: 1, role: 'admin' });
    expect(await hub.authChanged({ kind: 'user', id: 1 })).toBe(1);
    expect(promoted.expired).toBe(true);
    expect(other.expired).toBe(false);
    // Gone from the audience: the admin scope comes with the channel it reconnects with.
    bus.publish(paired(2));
    expect(promoted.types()).toEqual([]);
    expect(hub.counts().connections).toBe(1);
    hub.closeAll();
  });

  it('rechecks an opening channel when its session changed while its ticket was read', async () => {
    const db = new Map<number, { userId: number; role: Role }>([
      [100, { userId: 1, role: 'trader' }],
    ]);
    const hub = new LiveHub(new MemoryEventBus(), sessionsOf(db), undefined, () => true);
    const calm = new RecordingChannel(1);
    expect(hub.admit(calm, hub.mark())).toBe(true);

    const mark = hub.mark();
    db.delete(100);
    // The logout was heard after the ticket was read and before the channel joined.
    await hub.authChanged({ kind: 'session', id: 100 });
    expect(calm.expired).toBe(true);
    const late = new RecordingChannel(1);
    expect(hub.admit(late, mark)).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(late.expired).toBe(true);
    expect(hub.counts().connections).toBe(0);
    hub.closeAll();
  });

  it('rechecks every opening channel while auth changes cannot be heard', async () => {
    const hub = new LiveHub(new MemoryEventBus(), sessionsOf(new Map()), undefined, () => false);
    const c = new RecordingChannel(1);
    expect(hub.admit(c, hub.mark())).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(c.expired).toBe(true);
    hub.closeAll();
  });
});

describe('LiveHub keepalive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a comment line to a quiet channel at least every 25 s, and none to a busy one', () => {
    vi.useFakeTimers({ now: 0 });
    const bus = new MemoryEventBus();
    const hub = new LiveHub(bus);
    const busy = new RecordingChannel(1);
    const quiet = new RecordingChannel(2);
    hub.add(busy);
    hub.add(quiet);
    for (let t = 0; t < 120_000; t += KEEPALIVE_TICK_MS) {
      bus.publish(deals(1));
      vi.advanceTimersByTime(KEEPALIVE_TICK_MS);
    }
    expect(busy.keepalives).toEqual([]);
    // From the start to each keepalive, between them, and from the last to the end.
    const times = [0, ...quiet.keepalives, 120_000];
    const gaps = times.slice(1).map((at, k) => at - (times[k] ?? 0));
    expect(quiet.keepalives.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(25_000);
    hub.closeAll();
  });
});
