import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each upload is written to a private folder in the temp dir, named after the server's pid so a
// later start can tell its own leftovers (a crash, a kill) from a live import of another instance
// on the same machine.

export const IMPORT_DIR_PREFIX = 'vortex-import-';

/** Longer than any live import: the upload's deadline, the wait for a reading slot and the read. */
export const STALE_IMPORT_DIR_MS = 60 * 60 * 1000;

export function makeImportDir(root: string): Promise<string> {
  return mkdtemp(path.join(root, `${IMPORT_DIR_PREFIX}${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the import folders no live import holds: this pid's from before `startedAt` (a
 * previous run given the same pid, as in a container), those of a pid that no longer runs, and
 * any older than STALE_IMPORT_DIR_MS. Answers the folders removed.
 */
export async function sweepImportDirs(
  startedAt: number,
  root = tmpdir(),
  now = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    if (!name.startsWith(IMPORT_DIR_PREFIX)) continue;
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    const pid = Number(/^vortex-import-(\d+)-/.exec(name)?.[1] ?? NaN);
    const previousRun = pid === process.pid && info.mtimeMs < startedAt;
    const orphan = Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
    if (previousRun || orphan || now - info.mtimeMs > STALE_IMPORT_DIR_MS) {
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    }
  }
  return removed;
}
