// Issue 25: a refused cell is named by the row a trader finds it on. In an XLSX that is the
// sheet's own row number: a real terminal export with one deal's profit rewritten.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { unzip, zipOf } from '../../../../test/zip-files.js';
import { parseMt5Report } from './detect.js';

const DARWINEX = 'ReportHistory-3000090143.xlsx';

// The terminal writes its XML parts in UTF-16 LE with a BOM.
const text = (b: Buffer) => b.toString('utf16le');
const bytes = (s: string) => Buffer.from(s, 'utf16le');

/** The Darwinex export with one trade's Profit (column L) rewritten: its files and that row. */
async function poisonedProfit(): Promise<{ files: Map<string, Buffer>; row: number }> {
  const files = await unzip(await readFile(fixture(DARWINEX)));
  const strings = [
    ...text(files.get('xl/sharedStrings.xml') ?? Buffer.alloc(0)).matchAll(/<si>([\s\S]*?)<\/si>/g),
  ];
  const deals = strings.findIndex((m) => m[1] === '<t>Deals</t>');
  const sheet = text(files.get('xl/worksheets/sheet1.xml') ?? Buffer.alloc(0));
  const banner = new RegExp(`<c r="A(\\d+)"[^>]*t="s"><v>${deals}</v>`).exec(sheet)?.[1];
  expect(banner).toBeDefined();
  // the banner, the header, the opening deposit, then a trade: its Profit is column L
  const row = Number(banner) + 3;
  const profit = new RegExp(`(<c r="L${row}"[^>]*><v>)[^<]*(</v>)`);
  expect(sheet).toMatch(profit);
  files.set('xl/worksheets/sheet1.xml', bytes(sheet.replace(profit, '$110000000000000$2')));
  return { files, row };
}

describe('the row a refusal names', () => {
  it('is the XLSX sheet’s own row number', async () => {
    const { files, row } = await poisonedProfit();
    await expect(parseMt5Report(await zipOf(files))).rejects.toThrow(
      `Linha ${row}, coluna "Profit": valor fora do limite (R$ 1 trilhão).`,
    );
  });

  it('is the sheet’s number even where a re-saved file leaves empty rows out', async () => {
    const { files, row } = await poisonedProfit();
    // a spreadsheet program drops the blank rows it does not write: the numbers jump by 7
    const sheet = text(files.get('xl/worksheets/sheet1.xml') ?? Buffer.alloc(0)).replace(
      /<row r="(\d+)"/g,
      (_m, n: string) => `<row r="${Number(n) >= 5 ? Number(n) + 7 : n}"`,
    );
    files.set('xl/worksheets/sheet1.xml', bytes(sheet));
    await expect(parseMt5Report(await zipOf(files))).rejects.toThrow(
      `Linha ${row + 7}, coluna "Profit"`,
    );
  });
});
