import { existsSync, readFileSync } from 'node:fs';
import { MAX_HISTORY_ORDERS_PER_BATCH, type Mt5HistoryOrder } from '@vortex/core';
import { connectionMessages as msg } from './connection-messages.js';
import { replacePrivateFile } from './private-files.js';

interface Saved {
  /** The newest done time taken from the terminal, epoch ms. */
  doneUpTo: number;
  /** Tickets taken with exactly that done time: the next poll starts there and skips them. */
  atDoneUpTo: number[];
  orders: Mt5HistoryOrder[];
}

export interface HistoryOrderWindowOptions {
  file: string;
  send: (m: object) => void;
  log: (m: string) => void;
  /** A batch not answered in this time is sent again. */
  ackTimeoutMs?: number | undefined;
}

/**
 * The terminal's history orders on their way to the server, one batch in flight. Orders enter
 * the history by done time (not by ticket: a limit placed early may fill late), so the cursor is
 * the newest done time taken. They are kept on disk until the server acknowledges them (or
 * refuses the batch for good); the server stores by ticket, so a resend is harmless.
 */
export class HistoryOrderWindow {
  private state: Saved = { doneUpTo: 0, atDoneUpTo: [], orders: [] };
  private inFlight: { id: string; tickets: Set<number> } | undefined;
  private open = false;
  private batches = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing = Promise.resolve();

  constructor(private readonly opts: HistoryOrderWindowOptions) {
    if (!existsSync(opts.file)) return;
    try {
      this.state = JSON.parse(readFileSync(opts.file, 'utf8')) as Saved;
    } catch {
      // A half-written or hand-edited file: the terminal's history is polled again from the start.
    }
  }

  /** Where the next poll of the terminal starts. */
  get since(): number {
    return this.state.doneUpTo;
  }

  get pending(): number {
    return this.state.orders.length;
  }

  /** Queues what the terminal reported that was not taken yet. */
  add(orders: readonly Mt5HistoryOrder[]): Promise<void> {
    const seen = new Set(this.state.atDoneUpTo);
    const fresh = orders.filter(
      (o) =>
        o.time_done_msc > this.state.doneUpTo ||
        (o.time_done_msc === this.state.doneUpTo && !seen.has(o.ticket)),
    );
    if (fresh.length === 0) return this.writing;
    const doneUpTo = fresh.reduce((max, o) => Math.max(max, o.time_done_msc), this.state.doneUpTo);
    const atDoneUpTo = [
      ...(doneUpTo === this.state.doneUpTo ? this.state.atDoneUpTo : []),
      ...fresh.filter((o) => o.time_done_msc === doneUpTo).map((o) => o.ticket),
    ];
    this.state = { doneUpTo, atDoneUpTo, orders: [...this.state.orders, ...fresh] };
    return this.persist();
  }

  start(): void {
    this.open = true;
  }

  /** The connection is gone: what was in flight goes again on the next one. */
  reset(): void {
    this.open = false;
    this.inFlight = undefined;
    clearTimeout(this.timer);
  }

  pump(): void {
    if (!this.open || this.inFlight) return;
    const batch = this.state.orders.slice(0, MAX_HISTORY_ORDERS_PER_BATCH);
    if (batch.length === 0) return;
    const id = `h${Date.now().toString(36)}-${this.batches++}`;
    this.inFlight = { id, tickets: new Set(batch.map((o) => o.ticket)) };
    this.opts.send({ type: 'history_orders', batch_id: id, orders: batch });
    this.timer = setTimeout(() => {
      if (this.inFlight?.id !== id) return;
      this.inFlight = undefined;
      this.pump();
    }, this.opts.ackTimeoutMs ?? 15_000);
  }

  /** Stored (acknowledged) or refused for good: either way the batch leaves the outbox. */
  async settled(batchId: string, refusal?: string): Promise<void> {
    const batch = this.inFlight;
    if (batch?.id !== batchId) return;
    clearTimeout(this.timer);
    this.inFlight = undefined;
    if (refusal !== undefined) this.opts.log(msg.historyOrdersRefused(batch.tickets.size, refusal));
    this.state = {
      ...this.state,
      orders: this.state.orders.filter((o) => !batch.tickets.has(o.ticket)),
    };
    await this.persist();
    this.pump();
  }

  flushed(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify(this.state);
    // Whole to a temporary file, then renamed: a crash never leaves half a file.
    this.writing = this.writing.then(async () => {
      await replacePrivateFile(this.opts.file, snapshot);
    });
    return this.writing;
  }
}
