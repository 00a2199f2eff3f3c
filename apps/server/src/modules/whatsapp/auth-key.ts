import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY_FILE = 'whatsapp-auth.key';

/**
 * The key that encrypts the WhatsApp auth state. The server has no secret of its own in its
 * configuration, so it is a random 32-byte file under DATA_DIR, readable by its owner only, kept
 * apart from the auth state so unlinking a device (which deletes the state) keeps the key.
 */
export async function loadAuthKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = await readFile(file);
  if (key.length !== 32) throw new Error(`${file}: a chave deve ter 32 bytes`);
  return key;
}
