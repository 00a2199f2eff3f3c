import type { ImportedReport } from '@vortex/core';
import { ReportAssembler, type ReportKind, type ReportSink } from './assemble.js';
import { decodeStream } from './decode.js';
import { HtmlTokenizer } from './html-tokenizer.js';
import { ImportBudget, type ImportLimits } from './limits.js';
import { ImportRefusal, importMessages } from './messages.js';
import { isTimeText } from './numbers.js';
import { isLabel, type Cell, type Row } from './rows.js';

// HTML reports are read with a streaming tokenizer (html-tokenizer.ts: htmlparser2's reading, built
// for these tables): each decoded chunk is written to it as it arrives, and every finished <tr> is
// handed to the assembler, so no DOM and no whole-file string exist (a 50 MB report stays a few
// chunks in memory plus the records read so far). Text is built only inside cells.

const GENERATORS: Record<string, ReportKind> = {
  'client terminal': 'history',
  'strategy tester': 'tester',
};

export interface ParseOptions {
  /**
   * Called with the bytes read so far, once per chunk; `total` when they count towards another
   * size than the file's (an XLSX sheet's, inflated).
   */
  onProgress?: (bytes: number, total?: number) => void;
  /** Caps lowered for a test; IMPORT_LIMITS otherwise. */
  limits?: Partial<ImportLimits> | undefined;
  /** XLSX: called with the bytes inflated so far, across entries (a bench and tests watch it). */
  onInflated?: ((bytes: number) => void) | undefined;
  /** Rows handed over as they are read instead of kept (assemble.ts's ReportSink). */
  sink?: ReportSink | undefined;
  /** Awaited between chunks of the file (XLSX: of the sheet): the sink's backpressure. */
  pace?: (() => Promise<void>) | undefined;
}

/** What `clean` would change: whitespace other than a space, two spaces, a space at either end. */
const UNCLEAN = /[^\S ]| {2}|^ | $/;

function clean(text: string): string {
  // most cells ("125000.00", "buy") need nothing: one test instead of a replace and a trim
  if (!UNCLEAN.test(text)) return text;
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

export async function parseHtmlReport(
  source: AsyncIterable<Uint8Array>,
  options: ParseOptions = {},
): Promise<ImportedReport> {
  const assembler = new ReportAssembler('html', options.sink);
  const budget = new ImportBudget(options.limits);
  const seen = { html: false, rows: 0, cells: 0, rowCells: 0 }; // an object: set in callbacks
  let cells: Cell[] | null = null;
  let hidden: string[] = [];
  let col = 0;
  let cell: { text: string; span: number; hidden: boolean } | null = null;

  const endCell = () => {
    if (cells === null || cell === null) return;
    const text = clean(cell.text);
    if (cell.hidden) hidden.push(text);
    else {
      cells.push({ text, col, span: cell.span });
      col += cell.span;
    }
    cell = null;
    parser.captureText = false;
  };
  const endRow = () => {
    endCell();
    if (cells === null) return;
    const row: Row = { cells, hidden, banner: false };
    const filled = cells.filter((c) => c.text !== '');
    const only = filled[0];
    if (filled.length === 1 && only !== undefined && only.col === 0 && only.span >= 13) {
      row.banner = !isLabel(only.text) && !isTimeText(only.text);
      // no generator meta (a re-saved file): the grid width tells the kind
      if (row.banner) assembler.setKind(only.span === 13 ? 'tester' : 'history', false);
    }
    cells = null;
    assembler.push(row);
  };

  const parser = new HtmlTokenizer(
    {
      onOpenTag(name, attrs) {
        if (name === 'html' || name === 'table') seen.html = true;
        if (name === 'meta' && attrs.name?.toLowerCase() === 'generator') {
          const kind = GENERATORS[attrs.content?.toLowerCase().trim() ?? ''];
          if (kind !== undefined) assembler.setKind(kind, true);
        } else if (name === 'tr') {
          endRow();
          cells = [];
          hidden = [];
          col = 0;
          seen.rowCells = 0;
          budget.check('rows', ++seen.rows);
        } else if ((name === 'td' || name === 'th') && cells !== null) {
          endCell();
          budget.check('cells', ++seen.cells);
          budget.check('rowCells', ++seen.rowCells);
          const span = Number.parseInt(attrs.colspan ?? '1', 10);
          const cls = attrs.class;
          const hiddenCell = cls !== undefined && cls.split(/\s+/).includes('hidden');
          cell = {
            text: '',
            span: Number.isFinite(span) && span > 0 ? span : 1,
            hidden: hiddenCell,
          };
          parser.captureText = true;
        }
      },
      onText(text) {
        if (cell !== null) {
          cell.text += text;
          budget.check('cellChars', cell.text.length);
        }
      },
      onCloseTag(name) {
        if (name === 'td' || name === 'th') endCell();
        else if (name === 'tr' || name === 'table') endRow();
      },
    },
    {
      attributeTags: ['meta', 'td', 'th'],
      attributeNames: ['name', 'content', 'colspan', 'class'],
    },
  );

  let bytes = 0;
  async function* counted() {
    for await (const chunk of source) {
      bytes += chunk.length;
      options.onProgress?.(bytes);
      yield chunk;
    }
  }
  let any = false;
  for await (const text of decodeStream(counted())) {
    any ||= text.length > 0;
    parser.write(text);
  }
  parser.end();
  endRow();
  if (!any) throw new ImportRefusal(importMessages.empty);
  if (!seen.html) throw new ImportRefusal(importMessages.notMt5);
  return assembler.finish();
}
