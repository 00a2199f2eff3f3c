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

export class ImportProgressBoard {
  private readonly entries = new Map<string, ImportProgress>();

  start(id: string, userId: number, total: number): ImportProgress | undefined {
    if (this.entries.size >= MAX_ENTRIES) return undefined;
    const entry: ImportProgress = { userId, phase: 'reading', bytes: 0, total };
    this.entries.set(id, entry);
    return entry;
  }

  finish(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.phase = 'done';
    setTimeout(() => this.entries.delete(id), KEEP_MS).unref();
  }

  /** Only the importing user sees an import's progress. */
  of(id: string, userId: number): ImportProgress | undefined {
    const entry = this.entries.get(id);
    return entry?.userId === userId ? entry : undefined;
  }
}
