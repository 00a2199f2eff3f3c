// Why yauzl + saxes and not exceljs: the terminal writes every XML part of its XLSX in UTF-16 LE
// (with a BOM), and the report is one sheet we read once, top to bottom. yauzl (already used by
// the server's tests) reads the zip's central directory and inflates one entry at a time as a
// stream; our decoder turns each entry's UTF-16 bytes into text chunk by chunk; saxes (a strict,
// streaming XML parser, the one jsdom uses) reads those chunks. Nothing holds the whole sheet,
// so a 50 MB export stays within a few MB. exceljs loads the whole workbook into a model (its
// streaming reader still builds every row object and pulls in a dozen dependencies) and its
// UTF-16 handling was not something to bet the import on. Every count that could grow without
// bound (entries, inflated bytes, rows, cells, shared strings) is capped as it streams (limits.ts).
import { SaxesParser } from 'saxes';
import type yauzl from 'yauzl';
import type { ImportedReport } from '@vortex/core';
import { ReportAssembler } from './assemble.js';
import { decodeStream } from './decode.js';
import type { ParseOptions } from './html.js';
import { ImportBudget } from './limits.js';
import { ImportRefusal, importMessages } from './messages.js';
import { isTimeText } from './numbers.js';
import { isLabel, type Cell, type Row } from './rows.js';
import { inflateEntry, listEntries, openZip, type Reading, type Zip } from './zip-entries.js';

// "x:row" and "row" are the same element: writers differ in the prefix they give the namespace
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Streams one XML entry through saxes, counting what is inflated chunk by chunk. */
async function readXml(
  zip: Zip,
  entry: yauzl.Entry,
  reading: Reading,
  wire: (parser: SaxesParser) => void,
  onBytes?: (bytes: number) => void,
  pace?: () => Promise<void>,
): Promise<void> {
  const parser = new SaxesParser();
  wire(parser);
  const chunks = inflateEntry(zip, entry, reading, onBytes);
  for await (const text of decodeStream(chunks)) {
    parser.write(text);
    if (pace !== undefined) await pace();
  }
  parser.close();
}

async function sharedStrings(
  zip: Zip,
  entry: yauzl.Entry | undefined,
  reading: Reading,
): Promise<string[]> {
  const strings: string[] = [];
  if (entry === undefined) return strings;
  const { budget } = reading;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  await readXml(zip, entry, reading, (p) => {
    p.on('opentag', (tag) => {
      if (local(tag.name) === 'si') current = '';
      else if (local(tag.name) === 'rPh') phonetic++;
      else if (local(tag.name) === 't' && phonetic === 0) inText = true;
    });
    p.on('text', (text) => {
      if (inText && current !== null) {
        current += text;
        budget.check('cellChars', current.length);
        budget.check('sharedChars', (chars += text.length));
      }
    });
    p.on('closetag', (tag) => {
      if (local(tag.name) === 't') inText = false;
      else if (local(tag.name) === 'rPh') phonetic--;
      else if (local(tag.name) === 'si') {
        strings.push(current ?? '');
        budget.check('sharedStrings', strings.length);
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
  const budget = new ImportBudget(options.limits);
  const reading: Reading = { budget, inflated: 0, onInflated: options.onInflated };
  let zip: Zip;
  try {
    zip = await openZip(input);
  } catch {
    throw new ImportRefusal(importMessages.brokenXlsx);
  }
  try {
    const entries = await listEntries(zip, budget);
    const sheet =
      entries.get('xl/worksheets/sheet1.xml') ??
      [...entries.values()].find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.fileName));
    if (sheet === undefined) throw new ImportRefusal(importMessages.notMt5);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), reading);
    const assembler = new ReportAssembler('xlsx', options.sink);
    assembler.setKind('history', false);

    let cells: Cell[] = [];
    let cell: { col: number; type: string; text: string } | null = null;
    let inValue = false;
    // the sheet's own row number (r), so a refusal names the row a spreadsheet shows
    let line: number | undefined;
    const seen = { rows: 0, cells: 0, rowCells: 0 };
    await readXml(
      zip,
      sheet,
      reading,
      (p) => {
        p.on('opentag', (tag) => {
          if (local(tag.name) === 'row') {
            cells = [];
            seen.rowCells = 0;
            budget.check('rows', ++seen.rows);
            const r = Number((tag.attributes as Record<string, string>).r);
            line = Number.isSafeInteger(r) && r > 0 ? r : undefined;
          } else if (local(tag.name) === 'c') {
            budget.check('cells', ++seen.cells);
            budget.check('rowCells', ++seen.rowCells);
            const attrs = tag.attributes as Record<string, string>;
            cell = { col: columnIndex(attrs.r ?? ''), type: attrs.t ?? 'n', text: '' };
          } else if (local(tag.name) === 'v' || local(tag.name) === 't') inValue = cell !== null;
        });
        p.on('text', (text) => {
          if (inValue && cell !== null) {
            cell.text += text;
            budget.check('cellChars', cell.text.length);
          }
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
            assembler.push({ cells, hidden: [], banner, line } satisfies Row);
          }
        });
      },
      // the sheet's own bytes, not the zip's: they run to its uncompressed size
      (bytes) =>
        options.onProgress?.(Math.min(bytes, sheet.uncompressedSize), sheet.uncompressedSize),
      options.pace,
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
