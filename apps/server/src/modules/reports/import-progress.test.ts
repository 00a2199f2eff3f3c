import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { parseMt5Report } from './import/detect.js';
import {
  ImportProgressBoard,
  READ_SHARE,
  readDone,
  readProgress,
  storeProgress,
} from './import-progress.js';

/** The percentages a poller would see over a whole import of a real file, as the route feeds them. */
async function percentsOver(name: string, rows: number): Promise<number[]> {
  const board = new ImportProgressBoard();
  const entry = board.start('import-1', 1, 0);
  if (!entry) throw new Error('no entry');
  entry.total = (await stat(fixture(name))).size;
  const seen = [entry.percent];
  await parseMt5Report(fixture(name), {
    onProgress: (bytes, total) => {
      readProgress(entry, bytes, total);
      seen.push(entry.percent);
    },
  });
  readDone(entry);
  seen.push(entry.percent);
  for (let stored = 1_000; stored < rows + 1_000; stored += 1_000) {
    storeProgress(entry, Math.min(stored, rows), rows);
    seen.push(entry.percent);
  }
  board.finish('import-1', 1);
  seen.push(entry.percent);
  return seen;
}

describe('import progress', () => {
  // Issue 26 read 163 %, 155 %, 266 % on XLSX: inflated bytes over the zip's size.
  it.each(['ReportHistory-57174315-HFM.xlsx', 'ReportHistory-3000090143.xlsx'])(
    'on %s: from 0 to 100 percent, never back, reading first and then storing',
    async (name) => {
      const seen = await percentsOver(name, 4_321);
      expect(seen[0]).toBe(0);
      expect(seen.at(-1)).toBe(100);
      for (const [i, p] of seen.entries()) {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        if (i > 0) expect(p).toBeGreaterThanOrEqual(seen[i - 1] ?? 0);
      }
      // Reading fills its share and only its share: the sheet is read to its end.
      expect(seen).toContain(READ_SHARE);
      expect(seen.filter((p) => p > 0 && p < READ_SHARE).length).toBeGreaterThan(0);
      expect(seen.filter((p) => p > READ_SHARE && p < 100).length).toBeGreaterThan(0);
    },
  );

  it('stays under 100 % until the import is over, and a late reading count moves nothing back', () => {
    const board = new ImportProgressBoard();
    const entry = board.start('import-2', 1, 1_000);
    if (!entry) throw new Error('no entry');
    readProgress(entry, 2_000);
    expect(entry.percent).toBe(READ_SHARE);
    readDone(entry);
    storeProgress(entry, 10, 10);
    expect(entry.percent).toBe(99);
    readProgress(entry, 10);
    expect(entry.percent).toBe(99);
    board.finish('import-2', 1);
    expect(entry).toMatchObject({ phase: 'done', percent: 100 });
  });
});
