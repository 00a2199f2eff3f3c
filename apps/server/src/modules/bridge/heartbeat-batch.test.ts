import { describe, expect, it } from 'vitest';
import { HeartbeatBatch, type PendingPing } from './heartbeat-batch.js';
import type { AccountReport, HeartbeatOutcome, HeartbeatRows } from './heartbeat-batch.repo.js';

const account = (accountId: number, equity: number): AccountReport => ({
  accountId,
  ts: new Date(equity),
  account: {
    balance: 1_000,
    equity,
    margin: 0,
    free_margin: equity,
    margin_level: 0,
    profit: equity - 1_000,
    currency: 'BRL',
  },
});

/** A database stand-in that records each write and answers as the real statement does. */
function harness(opts: { inactive?: number[]; activated?: string[]; maxSnapshots?: number } = {}) {
  const writes: HeartbeatRows[] = [];
  const failures: Error[] = [];
  const events: string[] = [];
  const batch = new HeartbeatBatch({
    write: (rows) => {
      const failure = failures.shift();
      if (failure) return Promise.reject(failure);
      writes.push(rows);
      const outcome: HeartbeatOutcome = {
        active: new Set(
          rows.pings.map((p) => p.sessionId).filter((id) => !opts.inactive?.includes(id)),
        ),
        activated: new Set(opts.activated),
      };
      return Promise.resolve(outcome);
    },
    outage: {
      failed: () => void events.push('outage'),
      succeeded: () => void events.push('ok'),
    },
    log: { error: (_o, msg) => void events.push(msg) },
    flushMs: 3_600_000,
    maxSnapshots: opts.maxSnapshots,
  });
  const ping = (sessionId: number, mt5Alive = true): PendingPing => ({
    sessionId,
    claimId: `claim-${sessionId}`,
    mt5Alive,
    expiresAt: new Date(0),
    onInactive: () => void events.push(`inactive ${sessionId}`),
    onActivated: () => void events.push(`activated ${sessionId}`),
  });
  return { batch, writes, failures, events, ping };
}

const unavailable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('HeartbeatBatch', () => {
  it('writes every agent of an interval in one write, the latest of each winning', async () => {
    const { batch, writes, ping } = harness();
    batch.ping(ping(1, false));
    batch.ping(ping(2));
    batch.ping(ping(1, true));
    batch.account(account(7, 1_010), true);
    batch.account(account(7, 1_020), false);
    batch.account(account(8, 990), true);
    await batch.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.pings.map((p) => [p.sessionId, p.mt5Alive])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(writes[0]?.accounts.map((a) => a.account.equity)).toEqual([1_020, 990]);
    expect(writes[0]?.snapshots.map((a) => a.account.equity)).toEqual([1_010, 990]);
    await batch.flush();
    expect(writes).toHaveLength(1);
  });

  it('tells a revoked session and a claim just activated', async () => {
    const { batch, events, ping } = harness({ inactive: [1], activated: ['claim-2'] });
    batch.ping(ping(1));
    batch.ping(ping(2));
    batch.ping(ping(3));
    await batch.flush();
    expect(events).toEqual(['ok', 'inactive 1', 'activated 2']);
  });

  it('keeps the batch while the database is away and writes it, newer figures first, when back', async () => {
    const { batch, writes, failures, events, ping } = harness();
    failures.push(unavailable, unavailable);
    batch.ping(ping(1));
    batch.account(account(7, 1_010), true);
    await expect(batch.flush()).rejects.toBe(unavailable);
    batch.account(account(7, 1_020), true);
    await expect(batch.flush()).rejects.toBe(unavailable);
    await batch.flush();
    expect(events).toEqual(['outage', 'outage', 'ok']);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.pings.map((p) => p.sessionId)).toEqual([1]);
    expect(writes[0]?.accounts.map((a) => a.account.equity)).toEqual([1_020]);
    expect(writes[0]?.snapshots.map((a) => a.account.equity)).toEqual([1_010, 1_020]);
  });

  it('holds a bounded history while away, dropping the oldest', async () => {
    const { batch, writes, failures } = harness({ maxSnapshots: 2 });
    failures.push(unavailable);
    batch.account(account(7, 1), true);
    batch.account(account(7, 2), true);
    await expect(batch.flush()).rejects.toBe(unavailable);
    batch.account(account(7, 3), true);
    await batch.flush();
    expect(writes[0]?.snapshots.map((a) => a.account.equity)).toEqual([2, 3]);
  });

  it('lets go of a batch the database refuses for good', async () => {
    const { batch, writes, failures, events, ping } = harness();
    failures.push(Object.assign(new Error('check violation'), { code: '23514' }));
    batch.ping(ping(1));
    await batch.flush();
    expect(events).toEqual(['heartbeat batch refused']);
    await batch.flush();
    expect(writes).toHaveLength(0);
  });

  it('settles a connection only when something of it waits, and forgets a closed one', async () => {
    const { batch, writes, failures, ping } = harness();
    batch.ping(ping(1));
    await batch.settle(2, 9);
    expect(writes).toHaveLength(0);
    await batch.settle(1);
    expect(writes).toHaveLength(1);
    failures.push(unavailable);
    batch.ping(ping(1));
    batch.account(account(7, 1_010), false);
    await expect(batch.settle(3, 7)).rejects.toBe(unavailable);
    batch.forget(1);
    await batch.flush();
    expect(writes[1]?.pings).toEqual([]);
    expect(writes[1]?.accounts).toHaveLength(1);
  });

  it('writes what waits when closed', async () => {
    const { batch, writes, ping } = harness();
    batch.ping(ping(4));
    await batch.close();
    expect(writes[0]?.pings.map((p) => p.sessionId)).toEqual([4]);
  });
});
