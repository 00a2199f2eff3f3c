import { isDatabaseUnavailable } from '../../db/db-errors.js';
import type {
  AccountReport,
  HeartbeatOutcome,
  HeartbeatRows,
  SessionPing,
} from './heartbeat-batch.repo.js';

/**
 * Short enough that a figure an agent sent reads back from the REST routes as soon as before
 * (tens of ms); long enough that 3,000 agents' ticks share a statement 15 at a time.
 */
export const HEARTBEAT_FLUSH_MS = 50;
/** History rows held while the database is away: ~5 minutes of 10,000 agents with open positions. */
export const MAX_PENDING_SNAPSHOTS = 50_000;

export interface PendingPing extends SessionPing {
  /** The session was revoked or has ended: the agent is told and let go. */
  onInactive: () => void;
  /** This ping turned the claim from pre_install to active. */
  onActivated: () => void;
}

export interface HeartbeatBatchDeps {
  write: (rows: HeartbeatRows) => Promise<HeartbeatOutcome>;
  outage: { failed: (err: unknown) => void; succeeded: () => void };
  log: { error: (obj: object, msg: string) => void };
  flushMs?: number;
  maxSnapshots?: number;
}

interface Batch {
  pings: Map<number, PendingPing>;
  accounts: Map<number, AccountReport>;
  snapshots: AccountReport[];
}

const emptyBatch = (): Batch => ({ pings: new Map(), accounts: new Map(), snapshots: [] });

/**
 * Every agent's heartbeat and account report of one short interval, written as one statement:
 * the latest per session and per account wins, history rows are kept in order. While the
 * database is away the batch is kept (history bounded, oldest dropped) and written when it is back.
 */
export class HeartbeatBatch {
  private pending = emptyBatch();
  private inflight: Batch | undefined;
  private running: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly maxSnapshots: number;

  constructor(private readonly deps: HeartbeatBatchDeps) {
    this.maxSnapshots = deps.maxSnapshots ?? MAX_PENDING_SNAPSHOTS;
    this.timer = setInterval(
      () => void this.flush().catch(() => undefined),
      deps.flushMs ?? HEARTBEAT_FLUSH_MS,
    );
    this.timer.unref();
  }

  ping(p: PendingPing): void {
    this.pending.pings.set(p.sessionId, p);
  }

  account(report: AccountReport, snapshot: boolean): void {
    this.pending.accounts.set(report.accountId, report);
    if (snapshot) this.keep([report]);
  }

  /** Whether anything of this session or account is waiting or being written. */
  holds(sessionId: number, accountId?: number): boolean {
    return [this.pending, this.inflight].some(
      (b) =>
        b !== undefined &&
        (b.pings.has(sessionId) || (accountId !== undefined && b.accounts.has(accountId))),
    );
  }

  /**
   * Writes now what a connection left waiting, so what it sends next (a deal batch to ack)
   * lands after it. Throws only while the database is away.
   */
  async settle(sessionId: number, accountId?: number): Promise<void> {
    if (this.holds(sessionId, accountId)) await this.flush();
  }

  /** A connection that closed: its ping must not mark the session connected again later. */
  forget(sessionId: number): void {
    this.pending.pings.delete(sessionId);
  }

  /** Writes what is waiting, after any write under way. Throws only while the database is away. */
  async flush(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    const batch = this.pending;
    if (batch.pings.size === 0 && batch.accounts.size === 0 && batch.snapshots.length === 0) return;
    this.pending = emptyBatch();
    this.inflight = batch;
    this.running = this.write(batch).finally(() => {
      this.running = undefined;
      this.inflight = undefined;
    });
    await this.running;
  }

  /** Stops the clock and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  private async write(batch: Batch): Promise<void> {
    let outcome: HeartbeatOutcome;
    try {
      outcome = await this.deps.write({
        pings: [...batch.pings.values()],
        accounts: [...batch.accounts.values()],
        snapshots: batch.snapshots,
      });
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        this.restore(batch);
        this.deps.outage.failed(err);
        throw err;
      }
      // Not the database being away: the same rows would fail again, so they are let go.
      this.deps.log.error({ err, pings: batch.pings.size }, 'heartbeat batch refused');
      return;
    }
    this.deps.outage.succeeded();
    for (const p of batch.pings.values()) {
      if (!outcome.active.has(p.sessionId)) p.onInactive();
      else if (outcome.activated.has(p.claimId)) p.onActivated();
    }
  }

  /** Puts a failed batch back under what arrived since (newer figures win). */
  private restore(batch: Batch): void {
    for (const [k, v] of batch.pings) if (!this.pending.pings.has(k)) this.pending.pings.set(k, v);
    for (const [k, v] of batch.accounts) {
      if (!this.pending.accounts.has(k)) this.pending.accounts.set(k, v);
    }
    const later = this.pending.snapshots;
    this.pending.snapshots = [];
    this.keep(batch.snapshots);
    this.keep(later);
  }

  private keep(rows: AccountReport[]): void {
    const s = this.pending.snapshots;
    s.push(...rows);
    if (s.length > this.maxSnapshots) s.splice(0, s.length - this.maxSnapshots);
  }
}
