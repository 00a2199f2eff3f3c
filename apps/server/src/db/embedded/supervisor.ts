import type { ChildProcess } from 'node:child_process';
import { waitForExit } from './stale-postmaster.js';
import { InterruptibleWait } from '../../lib/interruptible-wait.js';

/** The postmaster died unexpectedly and is being restarted, or it is back. */
export type PostmasterChange = { state: 'restarting'; reason: string } | { state: 'up' };

export interface SupervisorOptions {
  /** Clears what a dead postmaster left (its orphans, its pid file), then starts a new one. */
  restart: () => Promise<ChildProcess>;
  log: (msg: string) => void;
  /** The first retry waits minMs, each next one twice as long, up to maxMs. */
  backoff?: { minMs: number; maxMs: number };
}

const DEFAULT_BACKOFF = { minMs: 500, maxMs: 10_000 };

async function stopChild(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  // SIGINT is PostgreSQL's fast shutdown: sessions are ended, nothing is lost.
  child.kill('SIGINT');
  if (!(await waitForExit(pid, 30_000))) child.kill('SIGKILL');
}

/**
 * Keeps the embedded postmaster running: when it exits without being asked to (a SIGKILL, an
 * OOM kill), it is started again on the same port, so the pool's URL stays valid, after a
 * growing wait while the start fails. A deliberate stop() is never undone.
 */
export class PostmasterSupervisor {
  private child: ChildProcess;
  private stopping = false;
  private restarting: Promise<void> | undefined;
  private readonly wait = new InterruptibleWait();
  private readonly listeners = new Set<(change: PostmasterChange) => void>();
  private readonly backoff: { minMs: number; maxMs: number };
  /** Restarts that succeeded. */
  restarts = 0;

  constructor(
    first: ChildProcess,
    private readonly opts: SupervisorOptions,
  ) {
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.child = first;
    this.watch(first);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  onChange(listener: (change: PostmasterChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: PostmasterChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private watch(child: ChildProcess): void {
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      const reason = signal
        ? `PostgreSQL embutido encerrado pelo sinal ${signal}`
        : `PostgreSQL embutido saiu com código ${code}`;
      this.opts.log(`${reason}; reiniciando.`);
      this.tell({ state: 'restarting', reason });
      this.restarting = this.restart().finally(() => (this.restarting = undefined));
    });
  }

  // A method, not the field: after an await the compiler would keep the field narrowed.
  private isStopping(): boolean {
    return this.stopping;
  }

  private async restart(): Promise<void> {
    let delay = this.backoff.minMs;
    while (!this.isStopping()) {
      await this.wait.for(delay);
      if (this.isStopping()) return;
      try {
        const child = await this.opts.restart();
        if (this.isStopping()) {
          await stopChild(child);
          return;
        }
        this.restarts++;
        this.watch(child);
        this.opts.log('PostgreSQL embutido reiniciado.');
        this.tell({ state: 'up' });
        return;
      } catch (err) {
        delay = Math.min(delay * 2, this.backoff.maxMs);
        const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
        this.opts.log(`PostgreSQL embutido não reiniciou (${why}); nova tentativa em ${delay} ms.`);
      }
    }
  }

  /** Stops the postmaster for good, waiting out a restart under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wait.interrupt();
    await this.restarting;
    await stopChild(this.child);
  }
}
