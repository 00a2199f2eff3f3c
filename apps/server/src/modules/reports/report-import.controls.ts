import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Writable } from 'node:stream';
import { REPORT_IMPORT_MAX_BYTES } from '@vortex/core';

// The bounds of an upload and of who may upload (issue 25); the caps on what a report holds are
// in import/limits.ts. Tests shorten them through the route's deps.

export interface ImportControls {
  /** The request body, in bytes. */
  maxBytes: number;
  /** The whole upload: 400 MB in 600 s is ~5.6 Mbit/s; a typical report is a few MB. */
  deadlineMs: number;
  /** No byte for this long ends the upload (a stalled or silent client). */
  idleMs: number;
  /** Imports per user per hour, counted in PostgreSQL across instances, refused ones too. */
  perHour: number;
  /** Uploads received at once by this instance (each holds a socket and a temp file). */
  uploads: number;
  /** Reports read at once by this instance: each takes a core, a connection and ~100 MB. */
  readers: number;
  /** How long a received upload waits for a reading slot before a 503. */
  readWaitMs: number;
  /** Seconds a 503 asks the client to wait. */
  retryAfterS: number;
  /** Where the import folders are made. */
  tmpRoot: string;
  /** Opens the temp file (a test stands in a full disk). */
  openFile: (file: string) => Writable;
}

export const IMPORT_CONTROLS: ImportControls = {
  maxBytes: REPORT_IMPORT_MAX_BYTES,
  deadlineMs: 600_000,
  idleMs: 15_000,
  perHour: 20,
  uploads: 16,
  readers: 2,
  readWaitMs: 30_000,
  retryAfterS: 30,
  tmpRoot: tmpdir(),
  openFile: (file) => createWriteStream(file),
};
