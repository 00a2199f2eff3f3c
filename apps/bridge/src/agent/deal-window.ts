import path from 'node:path';
import { MAX_DEALS_PER_BATCH, type Mt5Deal, type RejectedDeal } from '@vortex/core';
import { connectionMessages as msg } from './connection-messages.js';
import { DeadLetterFile } from './dead-letter.js';
import { DealOutbox } from './outbox.js';

/** Two batches in flight: the server parses one while it stores the other. */
const BATCHES_IN_FLIGHT = 2;

interface Batch {
  id: string;
  /** The batch holds the outbox's deals with tickets in (after, last]. */
  after: number;
  last: number;
  settled: boolean;
}

export interface DealWindowOptions {
  stateDir: string;
  /** Deals per batch, at most the protocol's limit. */
  batchSize?: number | undefined;
  /** A batch not answered in this time is sent again (the answer, or the batch, was lost). */
  ackTimeoutMs?: number | undefined;
  send: (m: object) => void;
  log: (m: string) => void;
}

/**
 * The deals on their way to the server, at most two batches in flight out of the outbox. A
 * batch is settled when the server stores it (deals_ack) or refuses part or all of it for good
 * (deals_ack with `rejected`, deals_rejected): refused deals go to the dead-letter file and
 * leave the outbox, so they are never sent again. The outbox forgets stored deals only up to
 * the end of the oldest run of settled batches, since an earlier batch may have been lost.
 */
export class DealWindow {
  private readonly outbox: DealOutbox;
  private readonly deadLetters: DeadLetterFile;
  private inFlight: Batch[] = [];
  private open = false;
  private batches = 0;
  private ackTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: DealWindowOptions) {
    this.outbox = new DealOutbox(path.join(opts.stateDir, 'outbox.json'));
    this.deadLetters = new DeadLetterFile(path.join(opts.stateDir, 'dead-letter.jsonl'));
  }

  get pending(): number {
    return this.outbox.size;
  }

  lastTicket(): number {
    return this.outbox.lastTicket();
  }

  add(deals: readonly Mt5Deal[]): Promise<void> {
    return this.outbox.add(deals);
  }

  flushed(): Promise<void> {
    return this.outbox.flushed().catch(() => undefined);
  }

  /** The connection is ready: batches may go out. */
  start(): void {
    this.open = true;
  }

  /** The connection is gone: what was in flight goes again, from the outbox, on the next one. */
  reset(): void {
    this.open = false;
    this.inFlight = [];
    clearTimeout(this.ackTimer);
  }

  async acked(batchId: string, rejected: readonly RejectedDeal[]): Promise<void> {
    const batch = this.inFlight.find((b) => b.id === batchId);
    if (!batch) return;
    if (rejected.length > 0) {
      const reasons = new Map(rejected.map((r) => [r.ticket, r.reason]));
      const refused = this.outbox
        .between(batch.after, batch.last)
        .filter((deal) => reasons.has(deal.ticket))
        .map((deal) => ({ deal, reason: reasons.get(deal.ticket) ?? '' }));
      await this.deadLetter(batchId, refused);
    }
    await this.settle(batch);
  }

  async rejected(batchId: string, reason: string): Promise<void> {
    const batch = this.inFlight.find((b) => b.id === batchId);
    if (!batch) return;
    const refused = this.outbox.between(batch.after, batch.last).map((deal) => ({ deal, reason }));
    await this.deadLetter(batchId, refused);
    await this.settle(batch);
  }

  pump(): void {
    const size = Math.min(this.opts.batchSize ?? MAX_DEALS_PER_BATCH, MAX_DEALS_PER_BATCH);
    while (this.open && this.inFlight.length < BATCHES_IN_FLIGHT) {
      const after = this.inFlight.at(-1)?.last ?? 0;
      const batch = after === 0 ? this.outbox.next(size) : this.outbox.nextAfter(after, size);
      const last = batch.at(-1)?.ticket;
      if (last === undefined) return;
      const id = `b${Date.now().toString(36)}-${this.batches++}`;
      this.inFlight.push({ id, after, last, settled: false });
      this.opts.send({ type: 'deals', batch_id: id, deals: batch });
      if (this.inFlight.length === 1) this.armAckTimer();
    }
  }

  /** Written and flushed to the dead-letter file before the outbox forgets them. */
  private async deadLetter(
    batchId: string,
    refused: readonly { deal: Mt5Deal; reason: string }[],
  ): Promise<void> {
    // Already dead-lettered (the answer came twice): nothing left to do.
    if (refused.length === 0) return;
    await this.deadLetters.append(batchId, refused);
    await this.outbox.drop(new Set(refused.map((r) => r.deal.ticket)));
    const reasons = [...new Set(refused.map((r) => r.reason))].join('; ');
    this.opts.log(msg.deadLettered(refused.length, reasons, this.deadLetters.file));
  }

  private async settle(batch: Batch): Promise<void> {
    // The connection dropped meanwhile: the batch goes again on the next one.
    if (!this.inFlight.includes(batch)) return;
    batch.settled = true;
    let upTo = 0;
    while (this.inFlight[0]?.settled) upTo = this.inFlight.shift()?.last ?? upTo;
    if (upTo === 0) return;
    clearTimeout(this.ackTimer);
    this.armAckTimer();
    await this.outbox.ack(upTo);
    this.pump();
  }

  private armAckTimer(): void {
    const oldest = this.inFlight[0];
    if (!oldest) return;
    this.ackTimer = setTimeout(() => {
      if (this.inFlight[0] !== oldest) return;
      // Unanswered: resend everything not settled, from the outbox's start.
      this.inFlight = [];
      this.pump();
    }, this.opts.ackTimeoutMs ?? 15_000);
  }
}
