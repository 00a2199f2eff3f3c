import { open } from 'node:fs/promises';
import type { Mt5Deal } from '@vortex/core';

/** One deal the server refused for good, as one line of the dead-letter file. */
export interface DeadLetter {
  received_at: string;
  batch_id: string;
  reason: string;
  deal: Mt5Deal;
}

/**
 * Deals the server refused for good, appended to a JSON-lines file (owner-only: deals are the
 * trader's data) so nothing is silently lost and nothing is sent forever. It grows only with
 * refused deals, which the server refuses once each; the trader may read, keep or delete it.
 */
export class DeadLetterFile {
  private writing = Promise.resolve();

  constructor(readonly file: string) {}

  /** Appends and flushes to disk before it resolves: only then may the outbox forget the deals. */
  append(batchId: string, entries: readonly { deal: Mt5Deal; reason: string }[]): Promise<void> {
    const receivedAt = new Date().toISOString();
    const text = entries
      .map(({ deal, reason }) => {
        const line: DeadLetter = { received_at: receivedAt, batch_id: batchId, reason, deal };
        return `${JSON.stringify(line)}\n`;
      })
      .join('');
    // One append at a time, so two batches' lines never interleave.
    const done = this.writing.then(async () => {
      const handle = await open(this.file, 'a', 0o600);
      try {
        // The mode above applies only when the file is created.
        await handle.chmod(0o600);
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    this.writing = done.catch(() => undefined);
    return done;
  }
}
