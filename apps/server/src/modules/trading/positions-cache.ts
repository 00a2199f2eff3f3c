import { PositionBook } from '@vortex/core';
import type pg from 'pg';
import { isTradeRow, toDeal, type DealRow } from './deal-row.js';
import { readDeals, type DealsVersion } from './positions-cache.repo.js';

interface Entry {
  version: DealsVersion;
  book: PositionBook;
}

export interface PositionsCacheOptions {
  /** Deals the cached books may hold together before the least recently used are dropped. */
  maxDeals: number;
}

/** Default budget: about 2 million deals, a few hundred MB at most, across all accounts. */
export const DEFAULT_POSITIONS_CACHE_DEALS = 2_000_000;

/**
 * Each account's closed positions, rebuilt once from its stored deals and then kept current by
 * taking in only the deals above the highest ticket it holds. Whether a copy is current is
 * told by the deals version the database keeps on the account (migration 0008), which every
 * request reads with the account anyway: no extra round trip when nothing changed, and every
 * instance sees every writer. Anything but new tickets in time order (a delete, an older ticket
 * arriving late) makes the book be read anew.
 */
export class PositionsCache {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<Entry>>();
  private held = 0;
  /** Bumped by clear(): a load that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PositionsCacheOptions = { maxDeals: DEFAULT_POSITIONS_CACHE_DEALS },
  ) {}

  /**
   * Forgets every book: after the database was away, nothing held is known to match it (it may
   * even be another one, restored from a backup). Loads under way finish for their callers only.
   */
  clear(): void {
    this.entries.clear();
    this.held = 0;
    this.generation++;
  }

  /** Trade deals the cached books hold, all accounts together. */
  get heldDeals(): number {
    return this.held;
  }

  /** The account's positions as of `version` or later. */
  async bookOf(accountId: number, version: DealsVersion): Promise<PositionBook> {
    for (;;) {
      const entry = this.entries.get(accountId);
      if (entry && isCurrent(entry.version, version)) {
        // Most recently used last: the map's order is the eviction order.
        this.entries.delete(accountId);
        this.entries.set(accountId, entry);
        return entry.book;
      }
      // One reader per account: requests arriving meanwhile wait for it, then look again.
      const pending = this.loading.get(accountId);
      if (pending) {
        await pending;
        continue;
      }
      const load = this.refresh(accountId, entry).finally(() => this.loading.delete(accountId));
      this.loading.set(accountId, load);
      return (await load).book;
    }
  }

  private async refresh(accountId: number, entry: Entry | undefined): Promise<Entry> {
    const generation = this.generation;
    if (entry) {
      const rows: DealRow[] = [];
      const options = { afterTicket: entry.version.maxTicket, tradesOnly: false };
      const version = await readDeals(this.pool, accountId, options, (slice) => {
        for (const row of slice) rows.push(row);
      });
      if (!version) return this.forget(accountId, entry);
      // Cleared meanwhile: the held book is no longer ours to extend.
      if (generation !== this.generation) return this.refresh(accountId, undefined);
      const onlyNewer =
        version.epoch === entry.version.epoch &&
        entry.version.count + rows.length === version.count;
      const before = entry.book.dealCount;
      if (onlyNewer && feed(entry.book, rows)) {
        this.held += entry.book.dealCount - before;
        entry.version = version;
        this.store(accountId, entry);
        return entry;
      }
      this.drop(accountId);
    }
    // Built aside, while readers keep the old copy: nobody sees a book half read.
    const book = new PositionBook({ uniqueTickets: true });
    const options = { afterTicket: -1, tradesOnly: true };
    const version = await readDeals(this.pool, accountId, options, (rows) => feed(book, rows));
    if (!version) return { version: { count: 0, maxTicket: 0, epoch: -1 }, book };
    const fresh = { version, book };
    if (generation !== this.generation) return fresh;
    this.held += book.dealCount;
    this.store(accountId, fresh);
    return fresh;
  }

  private forget(accountId: number, entry: Entry): Entry {
    this.drop(accountId);
    return { version: entry.version, book: new PositionBook({ uniqueTickets: true }) };
  }

  private store(accountId: number, entry: Entry): void {
    this.entries.delete(accountId);
    this.entries.set(accountId, entry);
    for (const [id, old] of this.entries) {
      if (this.held <= this.options.maxDeals || id === accountId) break;
      this.drop(id, old);
    }
  }

  private drop(accountId: number, entry = this.entries.get(accountId)): void {
    if (!entry) return;
    this.entries.delete(accountId);
    this.held -= entry.book.dealCount;
  }
}

/** Takes `rows` (time-ordered) into the book; false when the book refused them (see add). */
function feed(book: PositionBook, rows: readonly DealRow[]): boolean {
  return book.add(rows.filter(isTradeRow).map(toDeal));
}

/** A copy read at `held` serves a request that saw `seen`, unless deals came or went since. */
function isCurrent(held: DealsVersion, seen: DealsVersion): boolean {
  // The same version, or one read after the request looked (newer, never older): it serves.
  return held.epoch === seen.epoch && held.count >= seen.count && held.maxTicket >= seen.maxTicket;
}
