import { hash } from 'node:crypto';
import { apiErrorMessages, LIVE_TICKET_TTL_MS, liveMessages, type PublicUser } from '@vortex/core';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../auth/session-cache.js';
import type { SessionRow } from '../auth/sessions.repo.js';
import { MAX_TICKETS_PER_SESSION, MemoryTickets, type TicketHolder } from './live-tickets.js';
import type { SpentTicketRow } from './live-tickets.repo.js';

const HOUR = 3_600_000;
const holder: TicketHolder = { userId: 7, sessionId: 70, token: 'token-of-session-70' };

const sessionRow = (over: Partial<SessionRow> = {}): SessionRow => ({
  session_id: 70,
  user_id: 7,
  expires_at: new Date(Date.now() + HOUR),
  last_seen_at: new Date(),
  revoked_at: null,
  ...over,
});

const user = (over: Partial<PublicUser> = {}) =>
  ({
    id: 7,
    role: 'admin',
    status: 'active',
    account_type: 'REAL',
    trial_ends_at: null,
    ...over,
  }) as PublicUser;

/** A session cache holding session 70 (as `authenticate` keys it), served as current. */
function warmCache(entry = { session: sessionRow(), user: user() }): SessionCache {
  const cache = new SessionCache();
  cache.setLive(true);
  cache.barrier = () => Promise.resolve(true);
  // As authenticate() keys it (live-open.int.test.ts opens through the real one).
  cache.set(
    hash('sha256', holder.token, 'base64'),
    { ...entry, loadedAt: Date.now() },
    cache.generation,
  );
  return cache;
}

/** A pool answering the session read with `rows`, counting what it is asked. */
function poolWith(rows: SpentTicketRow[] | Error) {
  const query = vi.fn(() =>
    rows instanceof Error ? Promise.reject(rows) : Promise.resolve({ rows }),
  );
  return { pool: { query } as unknown as pg.Pool, query };
}

const freshRow = (over: Partial<SpentTicketRow> = {}): SpentTicketRow => ({
  ...sessionRow(),
  id: 7,
  role: 'trader',
  status: 'active',
  account_type: 'REAL',
  trial_ends_at: null,
  ...over,
});

const invalid = { statusCode: 401, message: liveMessages.ticketInvalid };

afterEach(() => {
  vi.useRealTimers();
});

describe('tickets kept in memory', () => {
  it('opens once from the session cache, with no database statement', async () => {
    const { pool, query } = poolWith([]);
    const tickets = new MemoryTickets(pool, warmCache());
    const { ticket, expiresAt } = await tickets.issue(holder);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    await expect(tickets.spend(ticket)).resolves.toEqual({
      userId: 7,
      isAdmin: true,
      role: 'admin',
      sessionId: 70,
    });
    await expect(tickets.spend(ticket)).rejects.toMatchObject(invalid);
    expect(query).not.toHaveBeenCalled();
    expect(tickets.size).toBe(0);
  });

  it('refuses an unknown ticket and one past its 30 s', async () => {
    const tickets = new MemoryTickets(poolWith([]).pool, warmCache());
    await expect(tickets.spend('x'.repeat(43))).rejects.toMatchObject(invalid);
    const { ticket } = await tickets.issue(holder);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LIVE_TICKET_TTL_MS);
    await expect(tickets.spend(ticket)).rejects.toMatchObject(invalid);
  });

  it('reads the session when the cache cannot vouch for it, and the fresh rows decide', async () => {
    // Not cached: the database says who, with the role held now.
    const fresh = poolWith([freshRow()]);
    const cold = new MemoryTickets(fresh.pool, new SessionCache());
    await expect(cold.spend((await cold.issue(holder)).ticket)).resolves.toMatchObject({
      userId: 7,
      role: 'trader',
    });
    expect(fresh.query).toHaveBeenCalledTimes(1);
    // Cached as revoked or blocked: refused only if the database says so too.
    for (const entry of [
      { session: sessionRow({ revoked_at: new Date() }), user: user() },
      { session: sessionRow(), user: user({ status: 'suspended' }) },
    ]) {
      const ok = new MemoryTickets(poolWith([freshRow()]).pool, warmCache(entry));
      await expect(ok.spend((await ok.issue(holder)).ticket)).resolves.toMatchObject({ userId: 7 });
      const no = new MemoryTickets(
        poolWith([freshRow({ status: 'suspended' })]).pool,
        warmCache(entry),
      );
      await expect(no.spend((await no.issue(holder)).ticket)).rejects.toMatchObject(invalid);
    }
    // Gone, idle, or (never) another user's session.
    for (const rows of [
      [],
      [freshRow({ last_seen_at: new Date(Date.now() - 3 * HOUR) })],
      [freshRow({ id: 8 })],
    ]) {
      const t = new MemoryTickets(poolWith(rows).pool, new SessionCache());
      await expect(t.spend((await t.issue(holder)).ticket)).rejects.toMatchObject(invalid);
    }
  });

  it('lets a database failure through: the caller answers "try again later"', async () => {
    const down = new Error('connection refused');
    const t = new MemoryTickets(poolWith(down).pool, new SessionCache());
    await expect(t.spend((await t.issue(holder)).ticket)).rejects.toBe(down);
  });

  it('holds a bounded number: per sign-in, and in all', async () => {
    const tickets = new MemoryTickets(poolWith([]).pool, warmCache());
    const held = [];
    for (let i = 0; i < MAX_TICKETS_PER_SESSION; i++)
      held.push((await tickets.issue(holder)).ticket);
    await expect(tickets.issue(holder)).rejects.toMatchObject({
      statusCode: 429,
      message: apiErrorMessages.tooManyRequests,
    });
    // Another sign-in is not held back by it, and a spent ticket frees its slot.
    await expect(tickets.issue({ ...holder, sessionId: 71 })).resolves.toBeDefined();
    await tickets.spend(held[0] ?? '');
    await expect(tickets.issue(holder)).resolves.toBeDefined();

    const small = new MemoryTickets(poolWith([]).pool, warmCache(), 2);
    const first = (await small.issue(holder)).ticket;
    await small.issue(holder);
    const last = (await small.issue(holder)).ticket;
    expect(small.size).toBe(2);
    await expect(small.spend(first)).rejects.toMatchObject(invalid);
    await expect(small.spend(last)).resolves.toMatchObject({ userId: 7 });
  });

  it('forgets expired tickets as new ones are issued', async () => {
    const tickets = new MemoryTickets(poolWith([]).pool, warmCache());
    for (let i = 0; i < 5; i++) await tickets.issue(holder);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LIVE_TICKET_TTL_MS);
    await tickets.issue({ ...holder, sessionId: 71 });
    expect(tickets.size).toBe(1);
    // Their sign-in's slots came back with them.
    for (let i = 0; i < MAX_TICKETS_PER_SESSION; i++) await tickets.issue(holder);
  });
});
