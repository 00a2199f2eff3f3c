import { existsSync, readFileSync } from 'node:fs';
import type { CommandOutcome } from './mt5-source.js';
import { replacePrivateFile } from './private-files.js';

interface Entry {
  id: string;
  /** Null while the command runs; left null by a crash, which makes its outcome unknown. */
  result: CommandOutcome | null;
}

/** How many command ids are remembered; the server gives up on a command long before that. */
export const JOURNAL_SIZE = 1_000;

/**
 * The commands this agent has taken on, kept on disk so that one delivered again after a
 * reconnect or a restart is answered from here instead of reaching the terminal twice.
 */
export class CommandJournal {
  private readonly entries = new Map<string, CommandOutcome | null>();
  private writing = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly size = JOURNAL_SIZE,
  ) {
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { entries: Entry[] };
    for (const e of saved.entries) this.entries.set(e.id, e.result);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The stored outcome; null when the command was started but never finished. */
  get(id: string): CommandOutcome | null | undefined {
    return this.entries.get(id);
  }

  /** Marks a command as taken on; resolves once that is on disk. */
  begin(id: string): Promise<void> {
    return this.put(id, null);
  }

  finish(id: string, result: CommandOutcome): Promise<void> {
    return this.put(id, result);
  }

  private put(id: string, result: CommandOutcome | null): Promise<void> {
    this.entries.delete(id);
    this.entries.set(id, result);
    // Maps keep insertion order: the first key is the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
    const snapshot = JSON.stringify({
      entries: [...this.entries].map(([entryId, r]): Entry => ({ id: entryId, result: r })),
    });
    // Written whole to a temporary file and renamed: a crash never leaves half a file.
    this.writing = this.writing.then(async () => {
      await replacePrivateFile(this.file, snapshot);
    });
    return this.writing;
  }
}
