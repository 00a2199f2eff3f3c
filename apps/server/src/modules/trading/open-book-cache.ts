import type { EventBus } from '../live/event-bus.js';

interface Entry<T> {
  loadedAt: number;
  value: Promise<T>;
}

export interface OpenBookCacheOptions {
  /** What the agent wrote without publishing an event (pending orders) shows after this. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Each trader's open book (account, positions, orders) for a short while, loaded once however
 * many requests ask together. Any bridge event of the trader (hello, account and positions
 * snapshots, deals, lifecycle) drops the entry, so a change the agent reports shows at once.
 */
export class OpenBookCache<T> {
  private readonly entries = new Map<number, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly load: (userId: number) => Promise<T>,
    bus: EventBus,
    opts: OpenBookCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 1_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.now = opts.now ?? Date.now;
    this.unsubscribe = bus.subscribe((e) => this.entries.delete(e.user_id));
  }

  get(userId: number): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(userId);
    if (hit && now - hit.loadedAt <= this.ttlMs) return hit.value;
    if (hit) this.entries.delete(userId);
    else if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry: Entry<T> = { loadedAt: now, value: this.load(userId) };
    this.entries.set(userId, entry);
    // A failed load is not remembered; an entry dropped or replaced meanwhile stays so.
    entry.value.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    return entry.value;
  }

  /** Forgets every book: events published while the database was away may be missing. */
  clear(): void {
    this.entries.clear();
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
