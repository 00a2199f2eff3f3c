import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { RATIO_FLOOR_BYTES, type ImportBudget } from './limits.js';
import { ImportRefusal, importMessages } from './messages.js';

// The XLSX's zip, read under the caps of limits.ts: the central directory's counts and sizes are
// checked before anything is inflated, and each entry is inflated here (not by yauzl) so the
// bytes in and out are counted chunk by chunk: the declared sizes are checked, never trusted.

export type Zip = yauzl.ZipFile;

/** What one read has inflated so far, across entries. */
export interface Reading {
  budget: ImportBudget;
  inflated: number;
  onInflated: ((bytes: number) => void) | undefined;
}

export function openZip(input: string | Buffer): Promise<Zip> {
  const options = { lazyEntries: true, autoClose: false };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: Zip) => {
      if (zip) resolve(zip);
      else reject(err ?? new Error('zip'));
    };
    if (typeof input === 'string') yauzl.open(input, options, done);
    else yauzl.fromBuffer(input, options, done);
  });
}

/** The central directory, refused as soon as what it declares passes a cap. */
export function listEntries(zip: Zip, budget: ImportBudget): Promise<Map<string, yauzl.Entry>> {
  budget.check('xlsxEntries', zip.entryCount);
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        budget.check('xlsxEntryBytes', entry.uncompressedSize);
        budget.check('xlsxTotalBytes', (declared += entry.uncompressedSize));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function rawStream(zip: Zip, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, s) => {
      if (err) reject(err);
      else resolve(s);
    });
  });
}

/**
 * The entry's inflated bytes, refused at the first chunk past a cap: the entry's or the read's
 * inflated size, the size the entry declared, or the ratio of bytes out to bytes in so far.
 * Leaving the loop early destroys the raw stream and the inflater with it.
 */
export async function* inflateEntry(
  zip: Zip,
  entry: yauzl.Entry,
  reading: Reading,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const { budget } = reading;
  // Stored (0) or deflated (8): what the terminal writes; anything else (or encrypted) is not.
  const deflated = entry.compressionMethod === 8;
  if ((!deflated && entry.compressionMethod !== 0) || entry.isEncrypted()) {
    throw new ImportRefusal(importMessages.brokenXlsx);
  }
  const raw = await rawStream(zip, entry);
  // Stored entries pass as they are (ratio 1); the inflater counts the input it has consumed,
  // which is what the ratio needs (the raw stream reads ahead).
  const inflater = deflated ? createInflateRaw() : undefined;
  // A failure reaches the loop below through the last stream's own error.
  const out = inflater ? pipeline(raw, inflater, () => undefined) : raw;
  const packed = () => (inflater ? inflater.bytesWritten : bytes);
  let bytes = 0;
  for await (const chunk of out as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    reading.inflated += chunk.length;
    reading.onInflated?.(reading.inflated);
    if (bytes > entry.uncompressedSize) throw new ImportRefusal(importMessages.brokenXlsx);
    budget.check('xlsxEntryBytes', bytes);
    budget.check('xlsxTotalBytes', reading.inflated);
    if (bytes > RATIO_FLOOR_BYTES) budget.check('xlsxRatio', bytes / Math.max(1, packed()));
    onBytes?.(bytes);
    yield chunk;
  }
}
