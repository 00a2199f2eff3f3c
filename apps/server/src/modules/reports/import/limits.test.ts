import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { zipBomb } from '../../../../test/fixtures/zip-bomb.js';
import { parseMt5Report } from './detect.js';
import { parseHistoryXlsx } from './history-xlsx.js';
import { IMPORT_LIMITS, ImportLimitRefusal, limitMessages, type ImportLimits } from './limits.js';

const MB = 1024 * 1024;
const XLSX = 'ReportHistory-3000090143.xlsx';
const HTML = 'ReportHistory-541223056-FTMO.html';

/** The refusal a read under `limits` ends with. */
async function refusalOf(name: string, limits: Partial<ImportLimits>) {
  const err: unknown = await parseMt5Report(fixture(name), { limits }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImportLimitRefusal);
  return (err as ImportLimitRefusal).message;
}

/** A zip whose central directory says `entry` inflates to `size` bytes, whatever it holds. */
function understate(zip: Buffer, entry: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = out.length - 46; i >= 0; i--) {
    if (out.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(i + 28);
    if (out.toString('utf8', i + 46, i + 46 + nameLength) === entry) {
      out.writeUInt32LE(size, i + 24);
      return out;
    }
  }
  throw new Error(`${entry} not in the central directory`);
}

// Building 180 MB of deflate takes seconds on a loaded machine.
describe('an XLSX zip bomb', { timeout: 60_000 }, () => {
  it('is refused by the compression ratio after a few MB inflated, holding little memory', async () => {
    const bomb = await zipBomb(10_000_000);
    let inflated = 0;
    let peakHeap = 0;
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const err: unknown = await parseHistoryXlsx(bomb.bytes, {
      onInflated: (bytes) => {
        inflated = bytes;
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      },
    }).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect((err as Error).message).toBe(limitMessages.xlsxRatio(IMPORT_LIMITS.xlsxRatio));
    // 180 MB of strings behind ~0.2 MB of zip; the read stopped once past 1 MB (one chunk on).
    expect(bomb.inflatedBytes).toBeGreaterThan(150 * MB);
    expect(inflated).toBeLessThan(4 * MB);
    expect(peakHeap - before).toBeLessThan(150 * MB);
    console.info(
      `zip bomb (${(bomb.bytes.length / MB).toFixed(2)} MB, ${(bomb.inflatedBytes / MB) | 0} MB inflated): refused in ${ms.toFixed(0)} ms after ${(inflated / MB).toFixed(2)} MB, heap +${((peakHeap - before) / MB).toFixed(1)} MB`,
    );
  });

  it('is not read past the size its central directory understates', async () => {
    const bomb = await zipBomb(1_000_000);
    let inflated = 0;
    const lying = understate(bomb.bytes, 'xl/sharedStrings.xml', 1_000);
    await expect(
      parseHistoryXlsx(lying, { limits: { xlsxRatio: 1e9 }, onInflated: (b) => (inflated = b) }),
    ).rejects.toThrow();
    expect(inflated).toBeLessThan(2 * MB);
  });
});

describe('each cap stops the read and names itself', () => {
  it.each<[keyof ImportLimits, number]>([
    ['xlsxEntries', 10],
    ['xlsxEntryBytes', 1_000_000],
    ['xlsxTotalBytes', 1_800_000],
    ['rows', 100],
    ['cells', 1_000],
    ['rowCells', 10],
    ['cellChars', 20],
    ['sharedStrings', 100],
    ['sharedChars', 1_000],
  ])('XLSX: %s', async (cap, limit) => {
    expect(await refusalOf(XLSX, { [cap]: limit })).toBe(limitMessages[cap](limit));
  });

  it.each<[keyof ImportLimits, number]>([
    ['rows', 100],
    ['cells', 1_000],
    ['rowCells', 10],
    ['cellChars', 20],
  ])('HTML: %s', async (cap, limit) => {
    expect(await refusalOf(HTML, { [cap]: limit })).toBe(limitMessages[cap](limit));
  });

  it('the terminal’s own files read under the default caps', async () => {
    const xlsx = await parseHistoryXlsx(await readFile(fixture(XLSX)));
    expect(xlsx.deals).toHaveLength(481);
    expect((await parseMt5Report(fixture(HTML))).deals.length).toBeGreaterThan(100);
  });
});
