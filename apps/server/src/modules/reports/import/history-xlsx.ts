// Why yauzl + saxes and not exceljs: the terminal writes every XML part of its XLSX in UTF-16 LE
// (with a BOM), and the report is one sheet we read once, top to bottom. yauzl (already used by
// the server's tests) reads the zip's central directory and inflates one entry at a time as a
// stream; our decoder turns each entry's UTF-16 bytes into text chunk by chunk; saxes (a strict,
// streaming XML parser, the one jsdom uses) reads those chunks. Nothing holds the whole sheet,
// so a 50 MB export stays within a few MB. exceljs loads the whole workbook into a model (its
// streaming reader still builds every row object and pulls in a dozen dependencies) and its
// UTF-16 handling was not something to bet the import on.
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import type { ImportedReport } from '@vortex/core';
import { ReportAssembler } from './assemble.js';
import { decodeStream } from './decode.js';
import type { ParseOptions } from './html.js';
import { ImportRefusal, importMessages } from './messages.js';
import { isTimeText } from './numbers.js';
import { isLabel, type Cell, type Row } from './rows.js';

type Zip = yauzl.ZipFile;

// "x:row" and "row" are the same element: writers differ in the prefix they give the namespace
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function openZip(input: string | Buffer): Promise<Zip> {
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

function listEntries(zip: Zip): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: Zip, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) reject(err);
      else resolve(stream);
    });
  });
}

/** Streams one XML entry through saxes. */
async function readXml(
  zip: Zip,
  entry: yauzl.Entry,
  wire: (parser: SaxesParser) => void,
  onBytes?: (bytes: number) => void,
): Promise<void> {
  const parser = new SaxesParser();
  wire(parser);
  let bytes = 0;
  const stream = await entryStream(zip, entry);
  async function* counted() {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      onBytes?.(bytes);
      yield chunk;
    }
  }
  for await (const text of decodeStream(counted())) parser.write(text);
  parser.close();
}

async function sharedStrings(zip: Zip, entry: yauzl.Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (entry === undefined) return strings;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readXml(zip, entry, (p) => {
    p.on('opentag', (tag) => {
      if (local(tag.name) === 'si') current = '';
      else if (local(tag.name) === 'rPh') phonetic++;
      else if (local(tag.name) === 't' && phonetic === 0) inText = true;
    });
    p.on('text', (text) => {
      if (inText && current !== null) current += text;
    });
    p.on('closetag', (tag) => {
      if (local(tag.name) === 't') inText = false;
      else if (local(tag.name) === 'rPh') phonetic--;
      else if (local(tag.name) === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    });
  });
  return strings;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

function clean(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** The Trade History XLSX ("ReportHistory-<login>.xlsx"): from a file path or a buffer. */
export async function parseHistoryXlsx(
  input: string | Buffer,
  options: ParseOptions = {},
): Promise<ImportedReport> {
  let zip: Zip;
  try {
    zip = await openZip(input);
  } catch {
    throw new ImportRefusal(importMessages.brokenXlsx);
  }
  try {
    const entries = await listEntries(zip);
    const sheet =
      entries.get('xl/worksheets/sheet1.xml') ??
      [...entries.values()].find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.fileName));
    if (sheet === undefined) throw new ImportRefusal(importMessages.notMt5);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));
    const assembler = new ReportAssembler('xlsx');
    assembler.setKind('history', false);

    let cells: Cell[] = [];
    let cell: { col: number; type: string; text: string } | null = null;
    let inValue = false;
    await readXml(
      zip,
      sheet,
      (p) => {
        p.on('opentag', (tag) => {
          if (local(tag.name) === 'row') cells = [];
          else if (local(tag.name) === 'c') {
            const attrs = tag.attributes as Record<string, string>;
            cell = { col: columnIndex(attrs.r ?? ''), type: attrs.t ?? 'n', text: '' };
          } else if (local(tag.name) === 'v' || local(tag.name) === 't') inValue = cell !== null;
        });
        p.on('text', (text) => {
          if (inValue && cell !== null) cell.text += text;
        });
        p.on('closetag', (tag) => {
          if (local(tag.name) === 'v' || local(tag.name) === 't') inValue = false;
          else if (local(tag.name) === 'c' && cell !== null) {
            const raw = cell.type === 's' ? (strings[Number(cell.text)] ?? '') : cell.text;
            const text = clean(raw);
            if (text !== '' && cell.col >= 0) cells.push({ text, col: cell.col, span: 1 });
            cell = null;
          } else if (local(tag.name) === 'row') {
            const only = cells[0];
            const banner =
              cells.length === 1 &&
              only !== undefined &&
              only.col === 0 &&
              !isLabel(only.text) &&
              !isTimeText(only.text);
            assembler.push({ cells, hidden: [], banner } satisfies Row);
          }
        });
      },
      (bytes) => options.onProgress?.(Math.min(bytes, sheet.uncompressedSize)),
    );
    return assembler.finish();
  } catch (err) {
    if (err instanceof ImportRefusal) throw err;
    // a broken zip or XML: not something the terminal wrote
    throw new ImportRefusal(importMessages.notMt5);
  } finally {
    zip.close();
  }
}
