import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseMt5Report } from './detect.js';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { ImportRefusal } from './messages.js';
import { zipOf } from '../../../../test/zip-files.js';

const zip = (files: Record<string, string>) => zipOf(new Map(Object.entries(files)));

async function refusal(input: Buffer): Promise<string> {
  const err = await parseMt5Report(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRefusal);
  return (err as ImportRefusal).message;
}

describe('detect and refuse', () => {
  it('tells an XLSX from an HTML page in any encoding, and neither from other files', async () => {
    expect(detectFormat(await readFile(fixture('ReportHistory-57174315-HFM.xlsx')))).toBe('xlsx');
    const ftmo = await readFile(fixture('ReportHistory-541223056-FTMO.html'));
    expect(detectFormat(ftmo)).toBe('html');
    expect(detectFormat(Buffer.from('  <!DOCTYPE html><html></html>'))).toBe('html');
    expect(detectFormat(Buffer.from('Time;Deal;Symbol\n2026.01.01 10:00:00;1;EURUSD'))).toBeNull();
    expect(detectFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('refuses a Trade History cut at half, naming the sections it lacks', async () => {
    const ftmo = await readFile(fixture('ReportHistory-541223056-FTMO.html'));
    const half = ftmo.subarray(0, Math.floor(ftmo.length / 4) * 2);
    // the first half ends inside the Orders (deal rows are long, one line each)
    expect(await refusal(half)).toBe(
      'O relatório está incompleto: faltam as seções de transações e resultados.',
    );
  });

  it('refuses a report cut inside the deals: the Results block is missing', async () => {
    const ftmo = await readFile(fixture('ReportHistory-541223056-FTMO.html'));
    const cut = ftmo.subarray(0, Math.floor((ftmo.length * 0.93) / 2) * 2);
    expect(await refusal(cut)).toBe('O relatório está incompleto: falta a seção de resultados.');
  });

  it('refuses a tester report cut before its deals', async () => {
    const k1 = await readFile(fixture('ReportTester-ExnessK1.html'));
    const text = new TextDecoder('utf-16le').decode(k1);
    const cut = Buffer.from(text.slice(0, text.indexOf('<b>Deals</b>')), 'utf8');
    expect(await refusal(cut)).toBe('O relatório está incompleto: falta a seção de transações.');
  });

  it('refuses an HTML page that is not an MT5 report', async () => {
    const page =
      '<!DOCTYPE html><html><head><title>Extrato</title></head><body><table>' +
      '<tr><td>2026.01.02 10:00:00</td><td>1</td><td>EURUSD</td></tr></table></body></html>';
    expect(await refusal(Buffer.from(page))).toBe('O arquivo não é um relatório do MetaTrader 5.');
  });

  it('refuses a zip that is not a workbook, a workbook that is not a report, a cut zip', async () => {
    const notMt5 = 'O arquivo não é um relatório do MetaTrader 5.';
    expect(await refusal(await zip({ 'notes.txt': 'hello', 'a/b.bin': '\u0000\u0001' }))).toBe(
      notMt5,
    );
    const sheet =
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Budget</t></is></c></row>' +
      '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row></sheetData></worksheet>';
    expect(await refusal(await zip({ 'xl/worksheets/sheet1.xml': sheet }))).toBe(notMt5);
    const xlsx = await readFile(fixture('ReportHistory-4000084439.xlsx'));
    expect(await refusal(xlsx.subarray(0, xlsx.length / 2))).toBe(
      'O arquivo XLSX está incompleto ou corrompido.',
    );
  });

  it('refuses an empty file and a text file', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('O arquivo está vazio.');
    expect(await refusal(Buffer.from('not a report'))).toBe(
      'O arquivo não é um relatório do MetaTrader 5.',
    );
  });
});
