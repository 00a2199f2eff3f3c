import type {
  AuthenticationCreds,
  AuthenticationState,
  SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files.js';

const MAGIC = Buffer.from('VXW1');
const IV = 12;
const TAG = 16;

export interface EncryptedAuthState {
  state: AuthenticationState;
  saveCreds: () => Promise<void>;
}

/**
 * Whether `folder` holds a linked device: credentials with an account (a pairing that never
 * got scanned leaves credentials without one, and must not dial at the next start).
 */
export async function hasLinkedDevice(folder: string, key: Buffer): Promise<boolean> {
  try {
    const sealed = await readFile(path.join(folder, fileName(key, 'creds.json')));
    const creds = JSON.parse(open(key, 'creds.json', sealed)) as { me?: { id?: unknown } };
    return typeof creds.me?.id === 'string';
  } catch {
    return false;
  }
}

/** Forgets the linked device: the next link starts from a new QR. */
export async function clearAuthState(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}

// File names are keyed hashes: Baileys' names carry phone numbers ('session-5511...').
function fileName(key: Buffer, name: string): string {
  return `${createHmac('sha256', key).update(name).digest('hex').slice(0, 40)}.enc`;
}

function seal(key: Buffer, name: string, plain: string): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, name: string, sealed: Buffer): string {
  if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a sealed file');
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV);
  const tag = sealed.subarray(MAGIC.length + IV, MAGIC.length + IV + TAG);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(sealed.subarray(MAGIC.length + IV + TAG)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Baileys' multi-file auth state (useMultiFileAuthState) with every file sealed with
 * AES-256-GCM: the file's logical name is the associated data, so a file swapped for another
 * fails to open. A file that fails to open reads as absent, as a missing one does in Baileys.
 */
export async function useEncryptedAuthState(
  folder: string,
  key: Buffer,
): Promise<EncryptedAuthState> {
  const { BufferJSON, initAuthCreds, proto } = await import('@whiskeysockets/baileys');
  // One write at a time per file, as Baileys' own state does with a mutex per path.
  const locks = new Map<string, Promise<unknown>>();
  const locked = <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const next = (locks.get(name) ?? Promise.resolve()).then(task, task);
    locks.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
  const fileOf = (name: string) => path.join(folder, fileName(key, name));

  const write = (name: string, data: unknown) =>
    locked(name, async () => {
      const file = fileOf(name);
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, seal(key, name, JSON.stringify(data, BufferJSON.replacer)), {
        mode: PRIVATE_FILE_MODE,
      });
      await rename(tmp, file);
    });
  const read = (name: string): Promise<unknown> =>
    locked(name, async () => {
      try {
        return JSON.parse(
          open(key, name, await readFile(fileOf(name))),
          BufferJSON.reviver,
        ) as unknown;
      } catch {
        return null;
      }
    });
  const remove = (name: string) => locked(name, () => unlink(fileOf(name)).catch(() => undefined));

  await privateDir(folder);
  const creds = ((await read('creds.json')) as AuthenticationCreds | null) ?? initAuthCreds();
  return {
    state: {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const data: Record<string, SignalDataTypeMap[T]> = {};
          await Promise.all(
            ids.map(async (id) => {
              let value = await read(`${type}-${id}.json`);
              if (type === 'app-state-sync-key' && value) {
                value = proto.Message.AppStateSyncKeyData.fromObject(value);
              }
              data[id] = value as SignalDataTypeMap[T];
            }),
          );
          return data;
        },
        set: async (data) => {
          const tasks: Promise<unknown>[] = [];
          for (const [category, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries)) {
              const name = `${category}-${id}.json`;
              tasks.push(value ? write(name, value) : remove(name));
            }
          }
          await Promise.all(tasks);
        },
      },
    },
    saveCreds: () => write('creds.json', creds),
  };
}
