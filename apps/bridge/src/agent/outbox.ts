import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { Mt5Deal } from '@vortex/core';

/**
 * Deals the server has not acknowledged yet, kept on disk so that nothing is lost while the
 * server is away or the agent restarts. Tickets only grow; an ack drops everything up to it.
 */
export class DealOutbox {
  private deals: Mt5Deal[] = [];
  /** The highest ticket the server has confirmed as stored. */
  private acked = 0;
  private writing = Promise.resolve();

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { acked: number; deals: Mt5Deal[] };
    this.acked = saved.acked;
    this.deals = saved.deals;
  }

  get size(): number {
    return this.deals.length;
  }

  /** The highest ticket ever queued, so a restarted source knows where to continue. */
  lastTicket(): number {
    return this.deals.at(-1)?.ticket ?? this.acked;
  }

  add(deals: readonly Mt5Deal[]): Promise<void> {
    const last = this.lastTicket();
    const fresh = deals.filter((d) => d.ticket > last);
    if (fresh.length === 0) return this.writing;
    this.deals.push(...fresh);
    return this.persist();
  }

  /** The oldest unacknowledged deals, at most `max`. */
  next(max: number): Mt5Deal[] {
    return this.deals.slice(0, max);
  }

  /** The unacknowledged deals after ticket `after` (tickets are in order), at most `max`. */
  nextAfter(after: number, max: number): Mt5Deal[] {
    let lo = 0;
    let hi = this.deals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.deals[mid]?.ticket ?? 0) <= after) lo = mid + 1;
      else hi = mid;
    }
    return this.deals.slice(lo, lo + max);
  }

  ack(lastTicket: number): Promise<void> {
    if (lastTicket <= this.acked) return this.writing;
    this.acked = lastTicket;
    this.deals = this.deals.filter((d) => d.ticket > lastTicket);
    return this.persist();
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify({ acked: this.acked, deals: this.deals });
    // Written whole to a temporary file and renamed: a crash never leaves half a file.
    this.writing = this.writing.then(async () => {
      await writeFile(`${this.file}.tmp`, snapshot);
      await rename(`${this.file}.tmp`, this.file);
    });
    return this.writing;
  }
}
