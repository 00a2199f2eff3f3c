import {
  chmod,
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';

/** Folders of user data are the server's OS user's alone, whatever the umask. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Takes group and other bits off `target` and, for a folder, off everything inside (a folder
 * written by an older version: 0755 holding 0644 backups or mails). `target` itself may be a
 * link (backups moved to another disk); links inside are left alone, never followed. A missing
 * path is nothing to do.
 */
export async function tightenTree(target: string): Promise<void> {
  await tighten(target, true);
}

async function tighten(target: string, follow: boolean): Promise<void> {
  let s;
  try {
    s = await (follow ? stat(target) : lstat(target));
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  if (s.isSymbolicLink()) return;
  if (s.isDirectory()) {
    if ((s.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(target, PRIVATE_DIR_MODE);
    for (const name of await readdir(target)) await tighten(path.join(target, name), false);
  } else if (s.mode & 0o077) {
    await chmod(target, s.mode & 0o700);
  }
}

/** Creates `dir` (and any missing parent) 0700, or tightens it to 0700 if it exists. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const s = await stat(dir);
  if ((s.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(dir, PRIVATE_DIR_MODE);
}

/** Opens a new file for writing with `mode`: the one seam a test points at /dev/full. */
export type FileOpener = (file: string, mode: number) => Promise<FileHandle>;

// 'wx': a temp name someone else made (or a planted link) is refused, never written through.
export const openNewFile: FileOpener = (file, mode) => open(file, 'wx', mode);

/**
 * Writes `data` to `file`, owner-only, whole or not at all: into a hidden temp name beside it,
 * synced, then renamed. A failed write (a full disk) removes the temp file and rethrows, so a
 * reader of the folder never finds a 0-byte or cut-off file.
 */
export async function writePrivateFileAtomic(
  file: string,
  data: string | Uint8Array,
  openFile: FileOpener = openNewFile,
): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await openFile(temp, PRIVATE_FILE_MODE);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
}
