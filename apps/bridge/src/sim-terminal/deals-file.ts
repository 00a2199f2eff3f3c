import { rename, writeFile } from 'node:fs/promises';
import type { Mt5Deal } from '@vortex/core';

/**
 * The terminal's deals as a JSON array in ticket order: the ground truth a test compares the
 * server's stored deals with. Always replaced whole (temporary file, then rename), so a reader
 * never sees half of it; saves that come while one is written collapse into one more write.
 */
export class DealsFile {
  private writing: Promise<void> = Promise.resolve();
  private queued = false;
  private latest: readonly Mt5Deal[] = [];

  constructor(
    private readonly file: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The newest list saved is the one written; it is read when its write starts. */
  save(deals: readonly Mt5Deal[]): void {
    this.latest = deals;
    if (this.queued) return;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      try {
        await writeFile(`${this.file}.tmp`, JSON.stringify(this.latest));
        await rename(`${this.file}.tmp`, this.file);
      } catch (err) {
        this.onError(err);
      }
    });
  }

  /** Settles once every save so far is on disk (or has failed and been reported). */
  flush(): Promise<void> {
    return this.writing;
  }
}
