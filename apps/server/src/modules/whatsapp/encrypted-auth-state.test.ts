import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasLinkedDevice, useEncryptedAuthState } from './encrypted-auth-state.js';

const dirs: string[] = [];
async function folder() {
  const dir = await mkdtemp(path.join(tmpdir(), 'vortex-auth-'));
  dirs.push(dir);
  return path.join(dir, 'whatsapp');
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('encrypted WhatsApp auth state', () => {
  it('reads back what it wrote, Buffers included, and only with its key', async () => {
    const dir = await folder();
    const key = randomBytes(32);
    const a = await useEncryptedAuthState(dir, key);
    a.state.creds.me = { id: '5511987654321:3@s.whatsapp.net' };
    await a.saveCreds();
    const record = {
      'pre-key': { '7': { public: Buffer.from('pub'), private: Buffer.from('prv') } },
    };
    await a.state.keys.set(record);

    const b = await useEncryptedAuthState(dir, key);
    expect(b.state.creds.me?.id).toBe('5511987654321:3@s.whatsapp.net');
    expect(
      Buffer.from(b.state.creds.noiseKey.private).equals(
        Buffer.from(a.state.creds.noiseKey.private),
      ),
    ).toBe(true);
    const got = await b.state.keys.get('pre-key', ['7', '8']);
    expect(Buffer.from(got['7']?.private ?? []).toString()).toBe('prv');
    expect(got['8']).toBeNull();
    expect(await hasLinkedDevice(dir, key)).toBe(true);

    // Another key opens nothing: fresh credentials, no device.
    const other = randomBytes(32);
    expect(await hasLinkedDevice(dir, other)).toBe(false);
    expect((await useEncryptedAuthState(dir, other)).state.creds.me).toBeUndefined();
  });

  it('treats a tampered or swapped file as absent', async () => {
    const dir = await folder();
    const key = randomBytes(32);
    const a = await useEncryptedAuthState(dir, key);
    a.state.creds.me = { id: '5511987654321:3@s.whatsapp.net' };
    await a.saveCreds();
    await a.state.keys.set({ session: { x: Buffer.from('session-x') } });
    const files = (await readdir(dir)).map((f) => path.join(dir, f));
    expect(files).toHaveLength(2);
    // Swap the two files' contents: each name is bound into its file, so neither opens.
    const [c1, c2] = await Promise.all(files.map((f) => readFile(f)));
    await writeFile(files[0] ?? '', c2 ?? Buffer.alloc(0));
    await writeFile(files[1] ?? '', c1 ?? Buffer.alloc(0));
    expect(await hasLinkedDevice(dir, key)).toBe(false);
    const b = await useEncryptedAuthState(dir, key);
    expect(b.state.creds.me).toBeUndefined();
    expect((await b.state.keys.get('session', ['x'])).x).toBeNull();

    // One flipped byte of ciphertext fails its tag.
    await b.state.keys.set({ session: { y: Buffer.from('session-y') } });
    const fresh = (await readdir(dir))
      .map((f) => path.join(dir, f))
      .filter((f) => !files.includes(f));
    expect(fresh).toHaveLength(1);
    const bytes = await readFile(fresh[0] ?? '');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await writeFile(fresh[0] ?? '', bytes);
    expect((await b.state.keys.get('session', ['y'])).y).toBeNull();
  });
});
