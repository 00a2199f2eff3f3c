import type { PublicUser } from '@vortex/core';
import type { SessionRow } from './sessions.repo.js';

/** What a signed-in request needs, as read from the database. */
export interface CachedSession {
  session: SessionRow;
  user: PublicUser;
  loadedAt: number;
}

export interface SessionCacheOptions {
  /** Bounds staleness even if a notification were ever lost. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Sessions by token hash, so a warm request needs no database round trip. It serves entries only
 * while `live` (its invalidation channel is connected) and only after `barrier` has proved every
 * invalidation committed before the request applied; every invalidation bumps `generation`, so
 * a load that raced a revocation is not stored (see `set`).
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private live = false;
  generation = 0;
  /** Resolves true once every invalidation committed before the call has been applied. */
  barrier: () => Promise<boolean> = () => Promise.resolve(false);

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  get size(): number {
    return this.entries.size;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The entry for a request that arrived now, current as of its arrival. */
  async lookup(key: string, nowMs: number): Promise<CachedSession | undefined> {
    if (!this.live || !this.entries.has(key)) return undefined;
    if (!(await this.barrier())) return undefined;
    return this.get(key, nowMs);
  }

  private get(key: string, nowMs: number): CachedSession | undefined {
    if (!this.live) return undefined;
    const hit = this.entries.get(key);
    if (hit && nowMs - hit.loadedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Stores what a load read, unless anything was invalidated since it began (`generation`). */
  set(key: string, entry: CachedSession, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest load.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  dropSession(sessionId: number): void {
    this.generation++;
    for (const [key, e] of this.entries) {
      if (e.session.session_id === sessionId) this.entries.delete(key);
    }
  }

  dropUser(userId: number): void {
    this.generation++;
    for (const [key, e] of this.entries) {
      if (e.user.id === userId) this.entries.delete(key);
    }
  }

  flush(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Serving from memory is safe only while invalidations can reach us: flushed either way. */
  setLive(live: boolean): void {
    this.flush();
    this.live = live;
  }
}
