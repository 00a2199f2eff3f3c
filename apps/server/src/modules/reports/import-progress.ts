// How far each running import is, for the page that polls while the server reads the file.
// In memory, per instance: a poll that reaches another instance finds nothing and the page
// shows the phase without a figure. Bounded: an entry lives until a minute after its import.

export type ImportPhase = 'reading' | 'storing' | 'done';

export interface ImportProgress {
  userId: number;
  phase: ImportPhase;
  /** Bytes read of `total`, the file's size (an XLSX's inflated sheet: its own size). */
  bytes: number;
  total: number;
  /**
   * 0–100 and never backwards (issue 26 saw 163 %): reading the file fills the first
   * READ_SHARE, storing its rows the rest; 100 only when the import is over.
   */
  percent: number;
}

const KEEP_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** The share of the bar that reading fills; storing the rows (and building positions) the rest. */
export const READ_SHARE = 70;

// Keyed by user and id: the id is the page's choice, so another user sending the same one must
// neither read nor replace this user's entry.
const keyOf = (id: string, userId: number) => `${userId}:${id}`;

const fractionOf = (done: number, of: number) => (of > 0 ? Math.min(Math.max(done / of, 0), 1) : 0);

function advance(entry: ImportProgress, percent: number): void {
  // before 'done' the bar stops at 99: positions are still being built after the last row
  entry.percent = Math.max(entry.percent, Math.min(Math.floor(percent), 99));
}

/** What the file's reader counted: bytes, of the file or of the `total` it names. */
export function readProgress(entry: ImportProgress, bytes: number, total?: number): void {
  if (entry.phase !== 'reading') return;
  if (total !== undefined) entry.total = total;
  entry.bytes = Math.min(bytes, entry.total);
  advance(entry, READ_SHARE * fractionOf(bytes, entry.total));
}

/** The report is read: what is left is storing its rows. */
export function readDone(entry: ImportProgress): void {
  entry.phase = 'storing';
  advance(entry, READ_SHARE);
}

/** `rows` of the report's `of` deals stored. */
export function storeProgress(entry: ImportProgress, rows: number, of: number): void {
  advance(entry, READ_SHARE + (100 - READ_SHARE) * fractionOf(rows, of));
}

export class ImportProgressBoard {
  private readonly entries = new Map<string, ImportProgress>();

  start(id: string, userId: number, total: number): ImportProgress | undefined {
    if (this.entries.size >= MAX_ENTRIES) return undefined;
    const entry: ImportProgress = { userId, phase: 'reading', bytes: 0, total, percent: 0 };
    this.entries.set(keyOf(id, userId), entry);
    return entry;
  }

  finish(id: string, userId: number): void {
    const key = keyOf(id, userId);
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.phase = 'done';
    entry.percent = 100;
    // a later import under the same id keeps its own entry
    const forget = () => this.entries.get(key) === entry && this.entries.delete(key);
    setTimeout(forget, KEEP_MS).unref();
  }

  /** Only the importing user sees an import's progress. */
  of(id: string, userId: number): ImportProgress | undefined {
    return this.entries.get(keyOf(id, userId));
  }
}
