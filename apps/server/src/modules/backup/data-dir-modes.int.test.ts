import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { eventually } from '../../../test/bot-scenario.js';
import { fakeSocketFactory } from '../../../test/fake-whatsapp-socket.js';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { createMailer } from '../mail/mailer.js';
import { outboxSmsProvider } from '../messaging/sms-provider.js';
import { WhatsAppService } from '../whatsapp/whatsapp-service.js';
import { BackupService } from './backup.service.js';

const silent = pino({ level: 'silent' });
let db: TestDatabase;
let root: string;
/** DATA_DIR, not created before the server writes into it. */
let dataDir: string;
let umask: number;

/** Every path under `dir` (itself included) with its permission bits, as `ls -lR` shows them. */
async function modes(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const walk = async (p: string) => {
    const s = await lstat(p);
    found.set(path.relative(dataDir, p) || '.', s.mode & 0o777);
    if (s.isDirectory()) for (const name of await readdir(p)) await walk(path.join(p, name));
  };
  await walk(dir);
  return found;
}

const openToOthers = (found: Map<string, number>) =>
  [...found].filter(([, mode]) => mode & 0o077).map(([p, mode]) => `${p} ${mode.toString(8)}`);

function services() {
  const whatsapp = fakeSocketFactory();
  return {
    backups: new BackupService({ pool: db.pool, dir: path.join(dataDir, 'backups'), log: silent }),
    mailer: createMailer({
      smtpUrl: undefined,
      from: 'teste@vortex.local',
      dataDir,
      log: () => {},
    }),
    sms: outboxSmsProvider(dataDir, () => undefined),
    whatsapp: new WhatsAppService({ dataDir, factory: whatsapp.factory, log: silent }),
    socket: whatsapp.socket,
  };
}

it.beforeAll(({ db: fx }) => {
  db = fx;
});
beforeEach(async () => {
  // The usual umask: what the server did not ask to be private comes out 0644 and 0755.
  umask = process.umask(0o022);
  root = await mkdtemp(path.join(tmpdir(), 'vortex-modes-'));
  dataDir = path.join(root, 'data');
});
afterEach(async () => {
  process.umask(umask);
  await rm(root, { recursive: true, force: true });
});

describe('the files the server writes with user data', () => {
  it('are 0600 in 0700 folders after a backup, an outbox mail and SMS and a WhatsApp link', async () => {
    const s = services();
    await s.mailer.send({ to: 'trader@teste.vortex.local', subject: 'Teste', text: 'link' });
    await s.sms.send({ to: '5521998765432', subject: null, body: 'Teste' });
    expect((await s.backups.run('manual'))?.status).toBe('success');
    await s.whatsapp.connect();
    s.socket(0).link('5511955554444');
    const sealed = async () =>
      (await readdir(path.join(dataDir, 'whatsapp'))).some((f) => f.endsWith('.enc'));
    await eventually(sealed);
    expect(await sealed()).toBe(true);
    await s.whatsapp.close();

    const found = await modes(dataDir);
    // Each kind of file is there, so the walk below proves something about each.
    const names = [...found.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        '.',
        'backups',
        'outbox',
        'outbox-sms',
        'whatsapp',
        'whatsapp-auth.key',
      ]),
    );
    for (const folder of ['backups', 'outbox', 'outbox-sms', 'whatsapp'])
      expect(names.some((n) => n.startsWith(`${folder}/`))).toBe(true);
    expect(openToOthers(found)).toEqual([]);
    expect(found.get('.')).toBe(0o700);
    expect(found.get('backups')).toBe(0o700);
  });

  it('are made private at start when an older version left them open to others', async () => {
    const old = {
      backups: 'vortex-backup-20250101-030000-abcd.sql.gz',
      outbox: '2025-01-01T03-00-00-000Z-abcd1234.eml',
      'outbox-sms': '2025-01-01T03-00-00-000Z-abcd1234.txt',
      whatsapp: 'abcdef.enc',
    };
    await mkdir(dataDir, { mode: 0o755 });
    for (const [folder, file] of Object.entries(old)) {
      await mkdir(path.join(dataDir, folder), { mode: 0o755 });
      await writeFile(path.join(dataDir, folder, file), 'dados', { mode: 0o644 });
    }
    await writeFile(path.join(dataDir, 'whatsapp-auth.key'), Buffer.alloc(32), { mode: 0o644 });
    // An operator's own DATA_DIR keeps its mode; what the server keeps in it does not.
    await chmod(dataDir, 0o755);

    const s = services();
    s.backups.start();
    await s.whatsapp.start();
    // Starting the mailer and the SMS outbox tightens their folders; a send waits for it.
    await s.mailer.send({ to: 'trader@teste.vortex.local', subject: 'Teste', text: 'link' });
    await s.sms.send({ to: '5521998765432', subject: null, body: 'Teste' });
    const tightened = async () => openToOthers(await modes(dataDir)).length === 1;
    await eventually(tightened);
    s.backups.stop();
    await s.whatsapp.close();

    const found = await modes(dataDir);
    expect(openToOthers(found)).toEqual(['. 755']);
    for (const [folder, file] of Object.entries(old))
      expect(found.get(path.join(folder, file))).toBe(0o600);
  });
});
