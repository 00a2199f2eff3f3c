// How far each running import is, for the page that polls while the server reads the file.
// In memory, per instance: a poll that reaches another instance finds nothing and the page
// shows the phase without a figure. Bounded: an entry lives until a minute after its import.

export type ImportPhase = 'reading' | 'storing' | 'done';

export interface ImportProgress {
  userId: number;
  phase: ImportPhase;
  bytes: number;
  total: number;
}

const KEEP_MS = 60_000;
const MAX_ENTRIES = 10_000;

// Keyed by user and id: the id is the page's choice, so another user sending the same one must
// neither read nor replace this user's entry.
const keyOf = (id: string, userId: number) => `${userId}:${id}`;

export class ImportProgressBoard {
  private readonly entries = new Map<string, ImportProgress>();

  start(id: string, userId: number, total: number): ImportProgress | undefined {
    if (this.entries.size >= MAX_ENTRIES) return undefined;
    const entry: ImportProgress = { userId, phase: 'reading', bytes: 0, total };
    this.entries.set(keyOf(id, userId), entry);
    return entry;
  }

  finish(id: string, userId: number): void {
    const key = keyOf(id, userId);
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.phase = 'done';
    // a later import under the same id keeps its own entry
    const forget = () => this.entries.get(key) === entry && this.entries.delete(key);
    setTimeout(forget, KEEP_MS).unref();
  }

  /** Only the importing user sees an import's progress. */
  of(id: string, userId: number): ImportProgress | undefined {
    return this.entries.get(keyOf(id, userId));
  }
}
