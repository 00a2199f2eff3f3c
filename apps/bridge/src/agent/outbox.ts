import { existsSync, readFileSync } from 'node:fs';
import type { Mt5Deal } from '@vortex/core';
import { replacePrivateFile } from './private-files.js';

/**
 * Deals the server has not acknowledged yet, kept on disk so that nothing is lost while the
 * server is away or the agent restarts. Tickets only grow; an ack drops everything up to it.
 */
export class DealOutbox {
  private deals: Mt5Deal[] = [];
  /** The highest ticket the server has confirmed as stored. */
  private acked = 0;
  /** The highest ticket ever queued: a dropped deal must not be polled from the source again. */
  private queued = 0;
  private writing = Promise.resolve();

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      acked: number;
      queued?: number;
      deals: Mt5Deal[];
    };
    this.acked = saved.acked;
    this.deals = saved.deals;
    // Files written before `queued` existed: their last deal is the highest ever queued.
    this.queued = Math.max(saved.queued ?? 0, saved.acked, saved.deals.at(-1)?.ticket ?? 0);
  }

  get size(): number {
    return this.deals.length;
  }

  /** The highest ticket ever queued, so a restarted source knows where to continue. */
  lastTicket(): number {
    return this.queued;
  }

  add(deals: readonly Mt5Deal[]): Promise<void> {
    const fresh = deals.filter((d) => d.ticket > this.queued);
    if (fresh.length === 0) return this.writing;
    this.deals.push(...fresh);
    this.queued = fresh.reduce((max, d) => Math.max(max, d.ticket), this.queued);
    return this.persist();
  }

  /** The oldest unacknowledged deals, at most `max`. */
  next(max: number): Mt5Deal[] {
    return this.deals.slice(0, max);
  }

  /** The unacknowledged deals after ticket `after` (tickets are in order), at most `max`. */
  nextAfter(after: number, max: number): Mt5Deal[] {
    const from = this.indexAfter(after);
    return this.deals.slice(from, from + max);
  }

  /** The unacknowledged deals with tickets in (after, upTo]. */
  between(after: number, upTo: number): Mt5Deal[] {
    return this.deals.slice(this.indexAfter(after), this.indexAfter(upTo));
  }

  ack(lastTicket: number): Promise<void> {
    if (lastTicket <= this.acked) return this.writing;
    this.acked = lastTicket;
    this.deals = this.deals.filter((d) => d.ticket > lastTicket);
    return this.persist();
  }

  /** Forgets these deals for good (the server refused them), whatever the ack watermark. */
  drop(tickets: ReadonlySet<number>): Promise<void> {
    const kept = this.deals.filter((d) => !tickets.has(d.ticket));
    if (kept.length === this.deals.length) return this.writing;
    this.deals = kept;
    return this.persist();
  }

  /** Resolves once everything changed so far is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private indexAfter(ticket: number): number {
    let lo = 0;
    let hi = this.deals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.deals[mid]?.ticket ?? 0) <= ticket) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify({ acked: this.acked, queued: this.queued, deals: this.deals });
    // Written whole to a temporary file and renamed: a crash never leaves half a file.
    this.writing = this.writing.then(async () => {
      await replacePrivateFile(this.file, snapshot);
    });
    return this.writing;
  }
}
