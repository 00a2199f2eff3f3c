import pg from 'pg';
import type { DatabaseStatus } from '../../db/database-status.js';
import { survivesConnectionLoss } from '../../db/pg-client.js';
import type { SessionCache } from './session-cache.js';

export const AUTH_CHANNEL = 'vortex_auth';
const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 10_000;
/**
 * The LISTEN and barrier round trips give up after this: a connection whose server vanished
 * without a word (a cut link) would otherwise hold every cached request waiting forever.
 */
const ROUND_TRIP_TIMEOUT_MS = 5_000;
/** Barrier round trips start at most this often; a request waits at most this much for one. */
const BARRIER_SPACING_MS = 2;

/** What changed: one session, one user's row, or anything (a TRUNCATE, or a reconnect). */
export type AuthChange = { kind: 'session' | 'user'; id: number } | { kind: 'all' };

export interface AuthInvalidationDeps {
  pool: pg.Pool;
  cache: SessionCache;
  log: { warn: (obj: object, msg: string) => void };
  /** Hears the connection's losses; its recovery makes the listener reconnect at once. */
  status?: DatabaseStatus;
}

/**
 * Keeps a SessionCache honest: a dedicated connection LISTENs to what migration 0009's triggers
 * NOTIFY and drops the matching entries. While the connection is down the cache serves nothing;
 * on every (re)connect it starts empty, since notifications sent meanwhile are lost.
 */
export class AuthInvalidation {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private backoffMs = BACKOFF_MIN_MS;
  private closed = false;
  private waiting: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | undefined;
  private pumping = false;
  private lastTripAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<(change: AuthChange) => void>();
  private readonly resumed = new Set<() => void>();
  private readonly stopWatching: () => void;

  constructor(private readonly deps: AuthInvalidationDeps) {
    deps.cache.barrier = () => this.barrier();
    this.stopWatching = deps.status?.onRecovered(() => this.reconnectNow()) ?? (() => undefined);
  }

  /** Whether notifications reach this instance now. */
  get listening(): boolean {
    return this.deps.cache.isLive;
  }

  /**
   * Hears every (re)connection, once listening: whatever was notified while no one listened was
   * missed, so what notifications keep current must be read anew.
   */
  onResumed(listener: () => void): () => void {
    this.resumed.add(listener);
    return () => this.resumed.delete(listener);
  }

  /** Hears every change after the cache applied it (the live channels follow their sessions). */
  onChange(listener: (change: AuthChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: AuthChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Resolves after the first attempt, connected or not; failures keep retrying. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      ...this.deps.pool.options,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: ROUND_TRIP_TIMEOUT_MS,
      application_name: 'vortex-auth-listener',
    });
    this.client = client;
    // Never a crash, whatever the order of its events; lost() is told by the listener below.
    survivesConnectionLoss(client);
    client.on('notification', (n) => {
      if (n.channel === AUTH_CHANNEL) this.apply(n.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      if (this.client !== client) return;
      this.backoffMs = BACKOFF_MIN_MS;
      this.deps.cache.setLive(true);
      // Whatever changed while no one listened is unknown: everything is checked again.
      this.tell({ kind: 'all' });
      for (const listener of this.resumed) listener();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private apply(payload: string): void {
    const cache = this.deps.cache;
    const id = Number(payload.slice(2));
    if (payload.startsWith('s:') && Number.isInteger(id)) {
      cache.dropSession(id);
      this.tell({ kind: 'session', id });
    } else if (payload.startsWith('u:') && Number.isInteger(id)) {
      cache.dropUser(id);
      this.tell({ kind: 'user', id });
    } else {
      cache.flush();
      this.tell({ kind: 'all' });
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.deps.cache.setLive(false);
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (err) {
      this.deps.status?.report(err);
      // A listener that keeps failing while the database is away says so once.
      if (this.backoffMs === BACKOFF_MIN_MS)
        this.deps.log.warn({ err }, 'auth listener lost; sessions read from the database');
    }
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }

  /** The database is back: no need to wait out the backoff. */
  private reconnectNow(): void {
    if (this.closed || this.client || !this.retry) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.backoffMs = BACKOFF_MIN_MS;
    void this.connect();
  }

  /**
   * Resolves true once every notification committed before the call has been applied, by a
   * round trip on the listening connection: PostgreSQL signals listeners when a NOTIFY commits,
   * before the writer hears back, and a signalled backend sends its pending notifications before
   * it answers the next query. Requests arriving together share one round trip.
   */
  barrier(): Promise<boolean> {
    if (!this.waiting) {
      let resolve: (ok: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((r) => (resolve = r));
      this.waiting = { promise, resolve };
    }
    const { promise } = this.waiting;
    if (!this.pumping) void this.pump();
    return promise;
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    // A round trip already under way began before these callers arrived: they wait for the next.
    while (this.waiting) {
      // Every request read in this turn of the event loop joins the round trip, and under load
      // trips start at most every BARRIER_SPACING_MS: one trip answers for many requests instead
      // of the one or two that came in during the last (as many socket writes as responses).
      const wait = this.lastTripAt + BARRIER_SPACING_MS - performance.now();
      await new Promise<void>((resolve) =>
        wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve),
      );
      const batch = this.waiting;
      this.waiting = undefined;
      this.lastTripAt = performance.now();
      batch.resolve(await this.roundTrip());
    }
    this.pumping = false;
  }

  private async roundTrip(): Promise<boolean> {
    const client = this.client;
    if (!client || !this.deps.cache.isLive) return false;
    try {
      await client.query(';');
      return this.client === client && this.deps.cache.isLive;
    } catch (err) {
      // Cannot prove we are current: serve nothing from memory until reconnected.
      this.lost(client, err);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching();
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.deps.cache.setLive(false);
    if (client) await client.end().catch(() => undefined);
  }
}
