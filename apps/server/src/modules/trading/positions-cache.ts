import {
  closedBetween,
  comparePositions,
  firstClosedFrom,
  type ClosedPosition,
} from '@vortex/core';
import type pg from 'pg';
import { BudgetLru } from './budget-lru.js';
import { emptyState, partlyClosed, type BuilderState } from './positions-builder.js';
import type { DealsVersion } from './positions-cache.repo.js';
import { PositionsFollower } from './positions-follower.js';
import { readClosed, readWatermark, type Watermark } from './positions-store.repo.js';

interface Entry {
  version: DealsVersion;
  builds: number;
  state: BuilderState;
  /** Finished round trips with close_time >= loadedFrom, by comparePositions. */
  finished: ClosedPosition[];
  loadedFrom: number;
  /** Partly closed round trips (status 'open'), by comparePositions. */
  partial: ClosedPosition[];
}

export interface AccountPositions {
  /** Positions closed in the range, by comparePositions (as PositionBook.closedBetween). */
  positions: ClosedPosition[];
  /** Trade deals the positions were built from (PositionBook.dealCount). */
  dealCount: number;
}

export interface PositionsCacheOptions {
  /** Memory the cached positions may take, all accounts together (TRADING_CACHE_MB). */
  budgetMb: number;
  follower?: PositionsFollower;
}

export const DEFAULT_TRADING_CACHE_MB = 64;
/** Estimated heap of one cached position: an object of 17 fields and its duration text. */
const POSITION_BYTES = 450;
const TRIP_BYTES = 600;
const END_OF_TIME = Number.MAX_SAFE_INTEGER;
/**
 * Stored reads at once: after a restart every screen's first read comes together, and each holds
 * a pool connection for a few round trips; the rest of the pool stays free for everything else.
 */
const READS_AT_ONCE = 4;

const sizeOf = (e: Entry) =>
  1_000 +
  (e.finished.length + e.partial.length) * POSITION_BYTES +
  Object.keys(e.state.openTrips).length * TRIP_BYTES;

/**
 * Each account's closed positions as the follower stored them (closed_positions, migration 22),
 * read for the range a screen asks and kept, most recently used first, under a memory budget.
 * Whether a copy is current is told by the deals version the database keeps on the account
 * (migration 0008), which every request reads with the account anyway: no round trip when
 * nothing changed. A newer version reads only the positions closed since the copy's last deal.
 */
export class PositionsCache {
  readonly follower: PositionsFollower;
  private readonly entries: BudgetLru<number, Entry>;
  private readonly loading = new Map<number, Promise<Entry>>();
  private reading = 0;
  private readonly readQueue: (() => void)[] = [];
  /** Bumped by clear(): a load that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    options: PositionsCacheOptions = { budgetMb: DEFAULT_TRADING_CACHE_MB },
  ) {
    this.entries = new BudgetLru(options.budgetMb * 1024 * 1024);
    this.follower = options.follower ?? new PositionsFollower(pool);
  }

  /** Forgets every copy: after the database was away, nothing held is known to match it. */
  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  /** Estimated bytes the cached copies take, all accounts together. */
  get heldBytes(): number {
    return this.entries.usedBytes;
  }

  /** The account's positions closed in [from, to], as of `version` or later. */
  async closedBetween(
    accountId: number,
    version: DealsVersion,
    from: number,
    to: number,
  ): Promise<AccountPositions> {
    for (;;) {
      const entry = this.entries.get(accountId);
      if (entry && serves(entry, version, from)) return inRange(entry, from, to);
      // One reader per account: requests arriving meanwhile wait for it, then look again.
      const pending = this.loading.get(accountId);
      if (pending) {
        const loaded = await pending;
        if (serves(loaded, version, from)) return inRange(loaded, from, to);
        continue;
      }
      const load = this.load(accountId, version, entry, from).finally(() =>
        this.loading.delete(accountId),
      );
      this.loading.set(accountId, load);
      return inRange(await load, from, to);
    }
  }

  private async load(
    accountId: number,
    version: DealsVersion,
    old: Entry | undefined,
    from: number,
  ): Promise<Entry> {
    const generation = this.generation;
    let entry = await this.read(accountId, version, old, from);
    if (!entry) {
      // Behind the deals the request saw: the follower catches up (or waits for whoever is).
      await this.follower.catchUp(accountId, true);
      entry = await this.read(accountId, undefined, old, from);
    }
    const loaded = entry ?? emptyEntry(version, from);
    if (generation === this.generation) this.entries.set(accountId, loaded, sizeOf(loaded));
    return loaded;
  }

  /**
   * The stored positions from `from` with the watermark they were built to, in one snapshot;
   * undefined when that watermark is older than `version` (or there is none).
   */
  private async read(
    accountId: number,
    version: DealsVersion | undefined,
    old: Entry | undefined,
    from: number,
  ): Promise<Entry | undefined> {
    if (this.reading >= READS_AT_ONCE) {
      await new Promise<void>((resolve) => this.readQueue.push(resolve));
    } else this.reading++;
    try {
      return await this.readStored(accountId, version, old, from);
    } finally {
      // A waiting read takes this one's turn: the count stays as it is.
      const next = this.readQueue.shift();
      if (next) next();
      else this.reading--;
    }
  }

  private async readStored(
    accountId: number,
    version: DealsVersion | undefined,
    old: Entry | undefined,
    from: number,
  ): Promise<Entry | undefined> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const mark = await readWatermark(client, accountId);
      if (!mark || (version && !isCurrent(mark.version, version))) {
        await client.query('COMMIT');
        return undefined;
      }
      const base = old && extends_(old, mark) ? old : undefined;
      const finished = base
        ? await this.grown(client, accountId, base, from)
        : await readClosed(client, accountId, from, END_OF_TIME).then(sortTies);
      await client.query('COMMIT');
      return {
        version: mark.version,
        builds: mark.builds,
        state: mark.state,
        finished,
        loadedFrom: base ? Math.min(from, base.loadedFrom) : from,
        partial: partlyClosed(mark.state),
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * `base`'s positions with what closed since its last deal (any new round trip closes at or
   * after it) and, when asked for, those closed before what it holds.
   */
  private async grown(
    client: pg.PoolClient,
    accountId: number,
    base: Entry,
    from: number,
  ): Promise<ClosedPosition[]> {
    const since = Math.max(base.loadedFrom, base.state.last?.time ?? base.loadedFrom);
    const head =
      from < base.loadedFrom
        ? sortTies(await readClosed(client, accountId, from, base.loadedFrom))
        : [];
    const tail = sortTies(await readClosed(client, accountId, since, END_OF_TIME));
    const kept = base.finished.slice(0, firstClosedFrom(base.finished, since));
    return head.concat(kept, tail);
  }
}

function emptyEntry(version: DealsVersion, from: number): Entry {
  return { version, builds: -1, state: emptyState(), finished: [], loadedFrom: from, partial: [] };
}

/** A copy read at `held` serves a request that saw `seen`, unless deals came or went since. */
export function isCurrent(held: DealsVersion, seen: DealsVersion): boolean {
  // The same version, or one read after the request looked (newer, never older): it serves.
  return held.epoch === seen.epoch && held.count >= seen.count && held.maxTicket >= seen.maxTicket;
}

function serves(entry: Entry, version: DealsVersion, from: number): boolean {
  return isCurrent(entry.version, version) && from >= entry.loadedFrom;
}

/** Whether `mark` only added deals to what `old` was read at (same build, newer or equal). */
function extends_(old: Entry, mark: Watermark): boolean {
  return old.builds === mark.builds && isCurrent(mark.version, old.version);
}

function inRange(entry: Entry, from: number, to: number): AccountPositions {
  const range = closedBetween(entry.finished, from, to);
  const partial = entry.partial.filter((p) => p.close_time >= from && p.close_time <= to);
  const positions = partial.length === 0 ? range : range.concat(partial).sort(comparePositions);
  return { positions, dealCount: entry.state.tradeDeals };
}

/** Rows come by close time: only positions closing at the same millisecond need ordering. */
function sortTies(positions: ClosedPosition[]): ClosedPosition[] {
  let start = 0;
  for (let i = 1; i <= positions.length; i++) {
    if (i < positions.length && positions[i]?.close_time === positions[start]?.close_time) continue;
    if (i - start > 1) {
      const run = positions.slice(start, i).sort(comparePositions);
      positions.splice(start, run.length, ...run);
    }
    start = i;
  }
  return positions;
}
