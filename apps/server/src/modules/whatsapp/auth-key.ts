import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.js';

const KEY_FILE = 'whatsapp-auth.key';

/**
 * The key that encrypts the WhatsApp auth state. The server has no secret of its own in its
 * configuration, so it is a random 32-byte file under DATA_DIR, readable by its owner only, kept
 * apart from the auth state so unlinking a device (which deletes the state) keeps the key.
 */
export async function loadAuthKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  // DATA_DIR itself is the operator's: made private only when this is what creates it.
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await writeFile(file, randomBytes(32), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A key an older version wrote, or one copied in with a looser mode.
    await chmod(file, PRIVATE_FILE_MODE);
  }
  const key = await readFile(file);
  if (key.length !== 32) throw new Error(`${file}: a chave deve ter 32 bytes`);
  return key;
}
