import type pg from 'pg';
import { z } from 'zod';
import { columnRows } from '../../db/row-columns.js';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { EventBus } from '../live/event-bus.js';
import { DEAL_COLUMNS, DEAL_ROW_KINDS, type DealRow } from './deal-row.js';
import { emptyState, PositionsBuilder, type BuilderState } from './positions-builder.js';
import { attachHandoff, DealsHandoff, heldRows, sinceMark } from './positions-follower-handoff.js';
import { CopyFailed } from './closed-positions-copy.js';
import { addDayTotals } from './day-totals.repo.js';
import { DealsVersionSchema, type DealsVersion } from './positions-cache.repo.js';
import {
  finishedCounts,
  insertClosed,
  readWatermark,
  writeWatermark,
  yieldLoop,
  type Watermark,
} from './positions-store.repo.js';

/** Advisory lock namespace (migration 22): one follower per account across every instance. */
const LOCK_SPACE = 22_022;
/** Deals per step: ~2,000 deals take a few ms to turn into positions, then the loop turns. */
const SLICE = 2_000;
const FOLLOW_DELAY_MS = 200;

export interface FollowerLog {
  warn: (obj: object, msg: string) => void;
}

const NOTHING: DealsVersion = { count: 0, maxTicket: 0, epoch: 0 };

const sameVersion = (a: DealsVersion, b: DealsVersion) =>
  a.count === b.count && a.maxTicket === b.maxTicket && a.epoch === b.epoch;

const IdRow = z.object({ id: z.number() });
const LockedRow = z.object({ ok: z.boolean() });
const HeadRow = z.object({ deals: DealsVersionSchema });
const CountRow = z.object({ n: z.number() });
const FETCH_NEW_DEALS = `FETCH ${SLICE} FROM new_deals`;

/** Out of order deals: the account is built again from its first deal. */
class Refused extends Error {}

/**
 * Builds each account's closed positions into closed_positions after its deals are stored, never
 * in the ingestion transaction: the deals above the watermark are applied and the new positions
 * and watermark written in one transaction, under a per-account advisory lock so that two
 * instances never write the same account twice. Anything but new tickets in time order (a
 * delete, a late older ticket: the deals version says so) rebuilds the account.
 */
export class PositionsFollower {
  private readonly running = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly waiting = new Set<number>();
  private stopped = false;
  /** The deals this instance's ingestion stored, so that they need not be read back. */
  readonly handoff = new DealsHandoff();
  /** Runs that took in deals, by where the deals came from. */
  readonly applied = { handedOff: 0, read: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly log?: FollowerLog,
  ) {}

  /** Follows stored deals: each deals_added event brings its account up to date. */
  follow(bus: EventBus): () => void {
    const detach = attachHandoff(bus, this.handoff);
    const unsubscribe = bus.subscribe((e) => {
      if (e.type !== 'deals_added') return;
      this.accountsOf(e.user_id, e.account_number)
        .then((ids) => ids.forEach((id) => this.nudge(id)))
        .catch((err: unknown) => this.log?.warn({ err }, 'positions follower: account not found'));
    });
    return () => {
      detach();
      unsubscribe();
    };
  }

  /** Accounts never built (data from before migration 22), one at a time, in the background. */
  async backfill(): Promise<number> {
    const rows = await rowsOf(
      this.pool,
      IdRow,
      `SELECT a.id FROM mt5_accounts a
       WHERE NOT EXISTS (SELECT 1 FROM positions_watermarks w WHERE w.account_id = a.id)
       ORDER BY a.id`,
    );
    for (const { id } of rows) {
      if (this.stopped) break;
      await this.catchUp(id, false);
    }
    return rows.length;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Brings the account up to date; `wait`: wait for another instance's run instead of skipping. */
  catchUp(accountId: number, wait = true): Promise<void> {
    const pending = this.running.get(accountId);
    if (pending) return pending;
    const run = this.run(accountId, wait).finally(() => {
      this.running.delete(accountId);
      if (this.again.delete(accountId)) this.nudge(accountId);
    });
    this.running.set(accountId, run);
    return run;
  }

  /** An event's catch-up: if one runs, one more after it (it may have read before these deals). */
  private nudge(accountId: number): void {
    if (this.running.has(accountId)) {
      this.again.add(accountId);
      return;
    }
    if (this.stopped || this.waiting.has(accountId)) return;
    this.waiting.add(accountId);
    // A moment's wait gathers the batches an agent sends back to back into one run.
    setTimeout(() => {
      this.waiting.delete(accountId);
      if (this.stopped) return;
      this.catchUp(accountId, false).catch((err: unknown) =>
        this.log?.warn({ err, accountId }, 'positions follower failed'),
      );
    }, FOLLOW_DELAY_MS).unref();
  }

  /**
   * The event names the account by number, which one user may hold on several servers (two
   * brokers, a demo and a real one): every such account is nudged, a run with nothing new is a
   * no-op.
   */
  private async accountsOf(userId: number, accountNumber: number): Promise<number[]> {
    const rows = await rowsOf(
      this.pool,
      IdRow,
      'SELECT id FROM mt5_accounts WHERE user_id = $1 AND account_number = $2',
      [userId, accountNumber],
    );
    return rows.map((r) => r.id);
  }

  private async run(accountId: number, wait: boolean): Promise<void> {
    const client = await this.pool.connect();
    // A connection whose unlock failed may still hold the session lock: closed, never reused.
    let broken: Error | undefined;
    try {
      if (wait) await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE, accountId]);
      else {
        const { ok } = await oneRow(
          client,
          LockedRow,
          'SELECT pg_try_advisory_lock($1, $2) AS ok',
          [LOCK_SPACE, accountId],
        );
        // Another instance is at it: its run covers these deals or its reader will ask again.
        if (!ok) return;
      }
      try {
        try {
          await this.apply(client, accountId, false);
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          await this.apply(client, accountId, true);
        }
      } catch (err) {
        // Closing the connection rolls its transaction back and frees its lock.
        if (err instanceof CopyFailed) broken = err;
        throw err;
      } finally {
        if (!broken) {
          await client
            .query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, accountId])
            .catch((err: unknown) => {
              broken = err instanceof Error ? err : new Error(String(err));
            });
        }
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * One transaction: the deals above the watermark (or all, rebuilding) in, positions out. The
   * deals above it are those `held` when they are exactly those, else they are read.
   */
  private async apply(client: pg.PoolClient, accountId: number, rebuild: boolean): Promise<void> {
    // Taken right before the transaction's snapshot, so every deal held is in it.
    const held = rebuild ? undefined : this.handoff.take(accountId);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const head = await maybeRow(
        client,
        HeadRow,
        'SELECT deals_version(id) AS deals FROM mt5_accounts WHERE id = $1',
        [accountId],
      );
      const version = head?.deals;
      const mark = version && (await readWatermark(client, accountId));
      if (!version || (mark && !rebuild && sameVersion(mark.version, version))) {
        await client.query('COMMIT');
        return;
      }
      // An account never built starts from nothing: the held deals may be all it has.
      const from = mark?.version ?? NOTHING;
      const handed = held && sinceMark(held, from, version);
      const inMemory = handed !== undefined;
      const base =
        !rebuild && mark && (inMemory || (await this.onlyNewer(client, accountId, mark, version)))
          ? mark
          : undefined;
      const incremental = base !== undefined;
      const [start, after] = base ? [base.state, base.version.maxTicket] : [emptyState(), -1];
      if (!incremental) {
        await client.query('DELETE FROM closed_positions WHERE account_id = $1', [accountId]);
        await client.query('DELETE FROM deal_day_totals WHERE account_id = $1', [accountId]);
      }
      const slices = handed ? sliced(heldRows(handed)) : this.readAbove(client, accountId, after);
      this.applied[inMemory ? 'handedOff' : 'read']++;
      const state = await this.feed(client, accountId, start, slices);
      await writeWatermark(client, accountId, { version, state }, !incremental);
      await client.query('COMMIT');
    } catch (err) {
      if (!(err instanceof CopyFailed)) await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  /** Whether the deals since the watermark are exactly those above its highest ticket. */
  private async onlyNewer(
    client: pg.PoolClient,
    accountId: number,
    mark: Watermark,
    version: DealsVersion,
  ): Promise<boolean> {
    if (mark.version.epoch !== version.epoch) return false;
    const { n } = await oneRow(
      client,
      CountRow,
      'SELECT count(*)::int AS n FROM deals WHERE account_id = $1 AND ticket > $2',
      [accountId, mark.version.maxTicket],
    );
    return mark.version.count + n === version.count;
  }

  /** The stored deals above `after` in (time, ticket) order, a slice at a time. */
  private async *readAbove(
    client: pg.PoolClient,
    accountId: number,
    after: number,
  ): AsyncGenerator<DealRow[]> {
    await client.query(
      `DECLARE new_deals NO SCROLL CURSOR FOR
       SELECT ${DEAL_COLUMNS} FROM deals WHERE account_id = $1 AND ticket > $2
       ORDER BY time_msc, ticket`,
      [accountId, after],
    );
    for (;;) {
      const answer = await client.query({ text: FETCH_NEW_DEALS, rowMode: 'array' });
      const rows: DealRow[] = columnRows(answer.rows, DEAL_ROW_KINDS, FETCH_NEW_DEALS);
      yield rows;
      if (rows.length < SLICE) break;
    }
    await client.query('CLOSE new_deals');
  }

  private async feed(
    client: pg.PoolClient,
    accountId: number,
    start: BuilderState,
    slices: AsyncIterable<DealRow[]> | Iterable<DealRow[]>,
  ): Promise<BuilderState> {
    const builder = new PositionsBuilder(start);
    let first = true;
    for await (const rows of slices) {
      if (!first) await yieldLoop();
      first = false;
      const { deals, unknown } = builder.prepare(rows);
      const counts = await finishedCounts(client, accountId, unknown);
      const done = builder.feed(deals, counts);
      if (done === null) throw new Refused();
      await insertClosed(client, accountId, done);
      await addDayTotals(client, accountId, rows);
    }
    return builder.state();
  }
}

/** Rows in slices of SLICE, as the cursor hands them out (the day totals add up per slice). */
function* sliced(rows: DealRow[]): Generator<DealRow[]> {
  for (let i = 0; i < rows.length; i += SLICE) yield rows.slice(i, i + SLICE);
}
