// Issue 26: a report cut short is refused, never half-read. Every real fixture is cut at random
// row boundaries (and HTML at random bytes) before its last row holding data: the reader must
// refuse it, saying the report is incomplete, while the whole file still reads.
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cutHtml,
  cutXlsx,
  htmlRows,
  xlsxRows,
  type CutText,
} from '../../../../test/fixtures/mt5/cut.js';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { parseMt5Report } from './detect.js';
import { ImportRefusal } from './messages.js';

// every real report beside the fixtures, those added later included
const FILES = readdirSync(fixture('.'));
const HTML = FILES.filter((f) => f.endsWith('.html'));
const XLSX = FILES.filter((f) => f.endsWith('.xlsx'));

/** Runs per file: a 1.7 MB HTML takes ~0.3 s a parse here, a 4,600-deal XLSX ~1 s with its zip. */
const runs = (text: string) => (text.length > 1_000_000 ? 4 : 10);
/** Seconds per file, for the largest of them on 2 shared cores. */
const TIMEOUT = 60_000;

async function refusal(bytes: Buffer): Promise<unknown> {
  try {
    await parseMt5Report(bytes);
    return null;
  } catch (err) {
    return err;
  }
}

/**
 * Refused; once its first table has begun, as an incomplete report (before it, a file with a
 * title and no table may also be told it is no MT5 report at all).
 */
function expectRefusedAsCut(err: unknown, file: CutText, at: number) {
  expect(err, `cut at ${at} of ${file.text.length} was accepted`).toBeInstanceOf(ImportRefusal);
  const message = (err as Error).message;
  if (at >= file.firstTable)
    expect(message, `cut at ${at}`).toMatch(/^O relatório está incompleto/);
  else expect(message, `cut at ${at}`).toMatch(/^O relatório está incompleto|^O arquivo/);
}

/** Row ends strictly before the end of the last row holding data. */
const cutPoints = (file: CutText) => file.rowEnds.filter((end) => end < file.lastContent.end);

describe('a report cut at a row boundary is refused (every real fixture)', () => {
  it.each(HTML)(
    '%s: whole it reads; cut after any row it is refused',
    async (name) => {
      const file = await htmlRows(name);
      const whole = await parseMt5Report(cutHtml(file, file.text.length));
      expect(whole.deals.length).toBeGreaterThan(0);
      const points = cutPoints(file);
      expect(points.length).toBeGreaterThan(20);
      // the cut the issue saw: just after the last deal row, before the totals row
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...points), async (at) => {
          expectRefusedAsCut(await refusal(cutHtml(file, at)), file, at);
        }),
        { numRuns: runs(file.text), examples: [[points.at(-1) ?? 0], [points.at(-2) ?? 0]] },
      );
    },
    TIMEOUT,
  );

  it.each(HTML)(
    '%s: cut at any byte before its last data row, it is refused',
    async (name) => {
      const file = await htmlRows(name);
      const bytes = cutHtml(file, file.text.length);
      const limit = cutHtml(file, file.lastContent.start).length;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: limit - 1 }), async (at) => {
          const err = await refusal(bytes.subarray(0, at));
          // in characters, for the message check: UTF-16 has two bytes a character
          const chars = file.encoding === 'utf-8' ? at : Math.floor(at / 2);
          expectRefusedAsCut(err, file, chars);
        }),
        { numRuns: runs(file.text) },
      );
    },
    TIMEOUT,
  );

  it.each(XLSX)(
    '%s: whole it reads; its sheet cut after any row it is refused',
    async (name) => {
      const book = await xlsxRows(name);
      const whole = await parseMt5Report(
        await cutXlsx(book, book.text.search(/<\/(?:\w+:)?sheetData>/)),
      );
      expect(whole.deals.length).toBeGreaterThan(0);
      const points = cutPoints(book);
      expect(points.length).toBeGreaterThan(20);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...points), async (at) => {
          expectRefusedAsCut(await refusal(await cutXlsx(book, at)), book, at);
        }),
        { numRuns: runs(book.text), examples: [[points.at(-1) ?? 0]] },
      );
    },
    TIMEOUT,
  );
});
