import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeImportDir, STALE_IMPORT_DIR_MS, sweepImportDirs } from './import-temp.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

/** A folder of `name` last changed `ageMs` before `now`. */
async function folder(root: string, name: string, now: number, ageMs: number) {
  const dir = path.join(root, name);
  await mkdir(dir);
  const at = new Date(now - ageMs);
  await utimes(dir, at, at);
}

describe('the start-up sweep of import folders', () => {
  it('removes what a previous run or a dead process left, and keeps what a live import holds', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'vortex-sweep-test-'));
    roots.push(root);
    const now = Date.now();
    const startedAt = now - 1_000;
    const me = process.pid;
    const alive = process.ppid;
    // Above any pid_max Linux allows (2^22): no such process.
    const dead = 99_999_999;
    await folder(root, `vortex-import-${me}-before`, now, 5_000);
    await folder(root, `vortex-import-${dead}-crashed`, now, 10);
    await folder(root, `vortex-import-${alive}-stale`, now, STALE_IMPORT_DIR_MS + 1_000);
    await folder(root, 'vortex-import-Ab12Cd', now, STALE_IMPORT_DIR_MS + 1_000);
    await folder(root, `vortex-import-${alive}-live`, now, 10);
    await folder(root, 'vortex-import-Zz98Yy', now, 10);
    await folder(root, 'not-an-import', now, STALE_IMPORT_DIR_MS + 1_000);
    const mine = path.basename(await makeImportDir(root));

    const removed = await sweepImportDirs(startedAt, root, now);
    expect(removed.map((d) => path.basename(d)).sort()).toEqual(
      [
        `vortex-import-${me}-before`,
        `vortex-import-${dead}-crashed`,
        `vortex-import-${alive}-stale`,
        'vortex-import-Ab12Cd',
      ].sort(),
    );
    expect((await readdir(root)).sort()).toEqual(
      [`vortex-import-${alive}-live`, 'vortex-import-Zz98Yy', 'not-an-import', mine].sort(),
    );
  });
});
