import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import type { ImportedReport } from '@vortex/core';
import { sniffEncoding } from './decode.js';
import { parseHtmlReport, type ParseOptions } from './html.js';
import { parseHistoryXlsx } from './history-xlsx.js';
import { ImportRefusal, importMessages } from './messages.js';

// Which reader a file needs, from its first bytes: a zip (XLSX) or an HTML page in any of the
// encodings the terminal or an editor writes. Which report it is (history or tester) is told by
// the page itself (generator meta, else the grid width); see assemble.ts.

export type ReportFormat = 'html' | 'xlsx';

const HEAD_BYTES = 4096;

export function detectFormat(head: Uint8Array): ReportFormat | null {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  const text = new TextDecoder(sniffEncoding(head)).decode(head).trimStart().toLowerCase();
  if (!text.startsWith('<')) return null;
  return text.includes('<html') || text.includes('<!doctype html') ? 'html' : null;
}

async function readHead(input: string | Buffer): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, HEAD_BYTES);
  const file = await open(input, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function* chunksOf(buffer: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

/**
 * The file's chunks, each asked for once `pace` has settled: the reader is pulled a chunk at a
 * time, so the rows of the chunk before are with the sink by then.
 */
async function* paced(
  source: AsyncIterable<Uint8Array>,
  pace: () => Promise<void>,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    yield chunk;
    await pace();
  }
}

/** Reads an MT5 report (Trade History HTML/XLSX or Strategy Tester HTML) from a path or bytes. */
export async function parseMt5Report(
  input: string | Buffer,
  options: ParseOptions = {},
): Promise<ImportedReport> {
  const head = await readHead(input);
  if (head.length === 0) throw new ImportRefusal(importMessages.empty);
  const format = detectFormat(head);
  if (format === 'xlsx') return parseHistoryXlsx(input, options);
  if (format === 'html') {
    const source =
      typeof input === 'string'
        ? (createReadStream(input, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>)
        : chunksOf(input);
    return parseHtmlReport(options.pace ? paced(source, options.pace) : source, options);
  }
  throw new ImportRefusal(importMessages.notMt5);
}
