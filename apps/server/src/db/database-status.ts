import type pg from 'pg';
import { isDatabaseUnavailable } from './db-errors.js';
import { connectClient } from './pg-client.js';
import { InterruptibleWait } from '../lib/interruptible-wait.js';

/** up; down (unreachable, probed until it answers); restarting (the supervisor is on it). */
export type DatabaseState = 'up' | 'down' | 'restarting';

export interface DatabaseOutage {
  startedAt: Date;
  endedAt: Date | null;
  reason: string;
}

export interface DatabaseStatusOptions {
  pool: pg.Pool;
  log: { warn: (msg: string) => void; info: (msg: string) => void };
  /** Time between two probes while the database is away. */
  probeEveryMs?: number;
}

/** A probe that finds nobody answering gives up after this; it never waits on the pool. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * What this instance knows of its database. Failures are reported here (a request, a pool's idle
 * client, the LISTEN connection); one probe on a connection of its own tells a database that is
 * away from a pool that is only busy. Once away, it is probed until it answers again, and then
 * everything that must know (caches fed by notifications, an interrupted backup, the LISTEN
 * connection) is told.
 */
export class DatabaseStatus {
  private current: DatabaseState = 'up';
  private outage: DatabaseOutage | null = null;
  private checking: Promise<void> | undefined;
  private watching: Promise<void> | undefined;
  private readonly wait = new InterruptibleWait();
  private closed = false;
  private readonly recovered = new Set<() => void>();
  private readonly probeEveryMs: number;
  private readonly onPoolError = (err: Error) => this.report(err);
  /** Times the embedded server was restarted by its supervisor. */
  restarts = 0;

  constructor(private readonly opts: DatabaseStatusOptions) {
    this.probeEveryMs = opts.probeEveryMs ?? 1_000;
    // An idle client losing its server is often the first sign of an outage.
    opts.pool.on('error', this.onPoolError);
  }

  get state(): DatabaseState {
    return this.current;
  }

  get lastOutage(): DatabaseOutage | null {
    return this.outage;
  }

  /** Called after every outage, once the database answers again. */
  onRecovered(listener: () => void): () => void {
    this.recovered.add(listener);
    return () => this.recovered.delete(listener);
  }

  /** A query failed: when it says the database is away, a probe confirms it before anyone acts. */
  report(err: unknown): void {
    if (this.closed || this.current !== 'up' || this.checking || !isDatabaseUnavailable(err))
      return;
    const reason = err instanceof Error ? err.message : String(err);
    this.checking = this.probe()
      .then(
        () => undefined,
        () => this.markAway('down', reason),
      )
      .finally(() => (this.checking = undefined));
  }

  /** The supervisor saw the embedded server die and is starting it again. */
  restarting(reason: string): void {
    this.markAway('restarting', reason);
  }

  /** The supervisor has the embedded server running again: probed at once. */
  restarted(): void {
    this.restarts++;
    if (this.current === 'restarting') this.current = 'down';
    this.wait.interrupt();
  }

  private markAway(state: Exclude<DatabaseState, 'up'>, reason: string): void {
    if (this.closed) return;
    if (this.current === 'up') {
      this.outage = { startedAt: new Date(), endedAt: null, reason };
      this.opts.log.warn(`Banco de dados indisponível (${reason}); respondendo 503 até que volte.`);
    }
    // A probe failing while the supervisor restarts the server says nothing new.
    if (!(state === 'down' && this.current === 'restarting')) this.current = state;
    this.watching ??= this.watch().finally(() => (this.watching = undefined));
  }

  private async watch(): Promise<void> {
    while (!this.closed && this.current !== 'up') {
      if (this.current === 'down') {
        try {
          await this.probe();
          this.markUp();
          return;
        } catch {
          // Still away: the next probe tells.
        }
      }
      await this.wait.for(this.probeEveryMs);
    }
  }

  private markUp(): void {
    if (this.closed || this.current !== 'down') return;
    this.current = 'up';
    if (this.outage) this.outage.endedAt = new Date();
    const seconds = this.outage
      ? ((Date.now() - this.outage.startedAt.getTime()) / 1000).toFixed(1)
      : '?';
    this.opts.log.warn(`Banco de dados de volta após ${seconds} s.`);
    for (const listener of this.recovered) {
      try {
        listener();
      } catch (err) {
        this.opts.log.warn(`Falha ao reagir à volta do banco de dados: ${String(err)}`);
      }
    }
  }

  /** One round trip on a connection of its own: a pool whose clients are all busy is no outage. */
  private async probe(): Promise<void> {
    const client = await connectClient({
      ...this.opts.pool.options,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      application_name: 'vortex-probe',
    });
    try {
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  close(): void {
    this.closed = true;
    this.opts.pool.off('error', this.onPoolError);
    this.wait.interrupt();
  }
}
