import { open, symlink } from 'node:fs/promises';
import type { FileOpener } from '../src/lib/private-files.js';

/**
 * A full disk without root or a mount: the file the server opens is made a link to /dev/full,
 * whose every write fails in the kernel with ENOSPC. The path, the opening and the write are the
 * server's own; only where the name points differs, so its cleanup meets a real leftover entry.
 */
export const openOnFullDisk: FileOpener = async (file, mode) => {
  await symlink('/dev/full', file);
  // 'w', not the server's 'wx': the link was made a moment ago, on purpose, to be written through.
  return open(file, 'w', mode);
};
