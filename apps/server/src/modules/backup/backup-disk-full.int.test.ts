import { backupMessages } from '@vortex/core';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openOnFullDisk } from '../../../test/dev-full.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { BackupService } from './backup.service.js';

const log = pino({ level: 'silent' });
let dir = '';
it.afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a backup that cannot be written', () => {
  // 'auto' is pg_dump when one of the server's version is installed, else the catalog again.
  it.for(['catalog', 'auto'] as const)(
    'on a full disk (%s) records a pt-BR reason and leaves no partial file',
    async (engine, { db }) => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-backup-full-'));
      const svc = new BackupService({ pool: db.pool, dir, log, engine, openFile: openOnFullDisk });
      const item = await svc.run('manual');
      const error = `Sem espaço em disco para ${backupMessages.diskTarget(dir)}.`;
      expect(error).toBe(`Sem espaço em disco para o backup (${dir}).`);
      expect(item).toMatchObject({ status: 'failed', size: 0, error });
      expect((await svc.list())[0]).toMatchObject({ filename: item?.filename, error });
      expect(await readdir(dir)).toEqual([]);
    },
  );
});
