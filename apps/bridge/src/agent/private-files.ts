import { chmod, mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';

// The twin of apps/server/src/lib/private-files.ts. Not shared: @vortex/core stays free of I/O,
// and a package for thirty lines would add build wiring to the bundled agent for no gain.

/** The agent's state (session token, the trader's deals) is its OS user's alone, whatever the umask. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Every file the agent keeps in its state folder; nothing else there is touched. */
export const STATE_FILES = [
  'session.json',
  'outbox.json',
  'commands.json',
  'history-orders.json',
  'dead-letter.jsonl',
] as const;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Takes group and other bits off an existing file; a missing one is nothing to do. */
async function tightenFile(file: string): Promise<void> {
  try {
    const s = await stat(file);
    if (s.isFile() && s.mode & 0o077) await chmod(file, s.mode & 0o700);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}

/**
 * Creates the state folder 0700, or tightens one an older version left 0755, and its files
 * (and their temporary twins) 0644 → 0600. Only the agent's own files: a --state-dir that
 * holds other things keeps them as they are. A shared folder (sticky, like /tmp) keeps its mode.
 */
export async function privateStateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const s = await stat(dir);
  if ((s.mode & 0o1777) !== PRIVATE_DIR_MODE && !(s.mode & 0o1000))
    await chmod(dir, PRIVATE_DIR_MODE);
  for (const name of STATE_FILES) {
    await tightenFile(path.join(dir, name));
    await tightenFile(path.join(dir, `${name}.tmp`));
  }
}

/**
 * Replaces `file` whole, owner-only: written to `<file>.tmp` and renamed, so a crash never
 * leaves half a file. The mode is set on the open file too: a .tmp a crash left behind, or one
 * made under an older version, keeps its old mode through open().
 */
export async function replacePrivateFile(file: string, data: string): Promise<void> {
  const temp = `${file}.tmp`;
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}
