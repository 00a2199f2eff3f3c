import { DEFAULT_BACKUP_SETTINGS, type BackupItem } from '@vortex/core';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { changedTables, tableChecksums, type Fingerprint } from '../../../test/db-fingerprint.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { seedBackupData } from './backup-fixtures.js';
import { insertBackup, finishBackup, listBackups } from './backup.repo.js';
import { BackupService } from './backup.service.js';
import { countRows, restoreDump } from './dump-restore.js';
import { verifyDump } from './dump-verify.js';
import { loadConfig } from '../../config/env.js';
import { RestoreRefused, restoreIntoConfigured } from './restore-command.js';
import { serverMajor } from './dump-writer.js';
import { findPgDump } from './pg-dump-tool.js';

let api: Requests;
let db: TestDatabase;
let t: TestApp;
let admin: TestUser;
let trader: TestUser;
const dirs: string[] = [];
const log = pino({ level: 'silent' });

async function tmp(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'vortex-backup-test-'));
  dirs.push(d);
  return d;
}

it.beforeAll(
  ({ db: givenDb, t: givenT, api: givenApi, admin: givenAdmin, trader: givenTrader }) => {
    [db, t, api, admin, trader] = [givenDb, givenT, givenApi, givenAdmin, givenTrader];
  },
);
it.beforeAll(async () => {
  await seedBackupData(db.pool, trader.id);
});
it.afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const get = (url: string, who = admin) => api.as(who).get(url);

/**
 * Restores a dump file into a brand-new empty database and returns its per-table checksums;
 * `then` may look at the restored database before it is dropped.
 */
async function restoredChecksums(
  file: string,
  then?: (restored: TestDatabase) => Promise<void>,
): Promise<Fingerprint> {
  const target = await createTestDatabase({ migrated: false });
  try {
    await restoreDump(file, target.url);
    const sums = await tableChecksums(target.pool);
    await then?.(target);
    return sums;
  } finally {
    await target.drop();
  }
}

/** The source as a restore must rebuild it; the run's own backups row was still in progress. */
async function sourceChecksums(restored: Fingerprint): Promise<Fingerprint> {
  const source = await tableChecksums(db.pool);
  return { ...source, backups: restored.backups ?? '' };
}

describe('backup config', () => {
  it('starts from the spec defaults and saves a change', async () => {
    const first = await get('/api/backup/config');
    expect(first.statusCode).toBe(200);
    const cfg = first.json<{ data: Record<string, unknown> }>().data;
    expect(cfg).toMatchObject({ ...DEFAULT_BACKUP_SETTINGS });
    expect(cfg.local_backup_path).toEqual(expect.any(String));

    const next = { ...cfg, backup_time: '03:30', keep_daily_backups: 10, compression_level: 9 };
    const put = await api.as(admin).put('/api/backup/config', next);
    expect(put.statusCode).toBe(200);
    expect((await get('/api/backup/config')).json()).toMatchObject({
      data: { backup_time: '03:30', keep_daily_backups: 10, compression_level: 9 },
    });
  });

  it('refuses values outside the spec limits with a pt-BR message, saving nothing', async () => {
    for (const bad of [
      { keep_daily_backups: 31 },
      { keep_weekly_backups: 0 },
      { keep_monthly_backups: 25 },
      { compression_level: 10 },
      { backup_time: '24:00' },
      { notification_email: 'não-é-email' },
      { backup_location: 's3' },
    ]) {
      const res = await api
        .as(admin)
        .put('/api/backup/config', { ...DEFAULT_BACKUP_SETTINGS, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Dados inválidos/);
    }
    expect((await get('/api/backup/config')).json()).toMatchObject({
      data: { backup_time: '03:30' },
    });
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/backup/config', '/api/backup/list', '/api/backup/stats'])
      expect((await get(url, trader)).statusCode).toBe(403);
    const run = await api.as(trader).post('/api/backup/run');
    expect(run.statusCode).toBe(403);
    expect((await listBackups(db.pool)).length).toBe(0);
  });
});

describe('backup run, list, stats and download', () => {
  let item: BackupItem;
  // Taken right after the run: later requests may touch a session's last_seen_at (once a minute).
  let afterRun: Fingerprint;

  it('dumps, verifies by restoring, and lists the backup as success', async () => {
    const res = await api.as(admin).post('/api/backup/run');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; data: BackupItem }>();
    expect(body).toMatchObject({ success: true, message: 'Backup executado com sucesso!' });
    item = body.data;
    afterRun = await tableChecksums(db.pool);
    expect(item).toMatchObject({ status: 'success', type: 'manual', error: null });
    expect(item.filename).toMatch(/^vortex-backup-\d{8}-\d{6}-[a-z0-9]{4}\.sql\.gz$/);
    expect(item.size).toBeGreaterThan(0);
    // The dump tool is the server's own pg_dump when one of its version exists, else the catalog.
    const tool = await findPgDump(await serverMajor(db.pool));
    expect(item.tool).toBe(tool ? `pg_dump ${tool.major}` : 'catálogo');
    expect(item.rows).toBeGreaterThan(1234);

    const list = (await get('/api/backup/list')).json<{ data: BackupItem[] }>().data;
    expect(list.map((b) => b.filename)).toEqual([item.filename]);
    const stats = (await get('/api/backup/stats')).json<{ data: Record<string, unknown> }>().data;
    expect(stats).toMatchObject({ total_backups: 1, total_size: item.size, progress: null });
    expect(stats.last_backup).toMatchObject({ filename: item.filename, status: 'success' });
    expect(stats.next_backup).toEqual(expect.any(String));
  });

  it('downloads the file, which restores into an empty database with the same rows', async () => {
    const res = await get(`/api/backup/download/${item.filename}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${item.filename}"`);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.rawPayload.length).toBe(item.size);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('INSERT INTO');

    const file = path.join(await tmp(), item.filename);
    await writeFile(file, res.rawPayload);
    // The run itself writes only the backups table after its dump.
    const restored = await restoredChecksums(file);
    expect(restored).toEqual({ ...afterRun, backups: restored.backups });
    expect(restored.deals).toMatch(/^1234:[0-9a-f]{32}$/);
  });

  it('serves only names it listed: traversal is a 400, an unlisted name a 404', async () => {
    for (const url of [
      '/api/backup/download/..%2F..%2Fetc%2Fpasswd',
      '/api/backup/download/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/backup/download/%2Fetc%2Fpasswd',
      '/api/backup/download/..%5C..%5Cwindows',
      `/api/backup/download/${encodeURIComponent(`../${item.filename}`)}`,
      `/api/backup/download/${item.filename}%00.txt`,
      '/api/backup/download/package.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      // A NUL is refused by the input guard before the route reads the name.
      expect(res.json<{ error: string }>().error).toContain(
        url.includes('%00')
          ? 'não pode conter caracteres de controle.'
          : 'Nome de arquivo de backup inválido.',
      );
    }
    const unlisted = await get('/api/backup/download/vortex-backup-20200101-000000-abcd.sql.gz');
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json()).toEqual({ success: false, error: 'Backup não encontrado.' });
    expect((await get(`/api/backup/download/${item.filename}`, trader)).statusCode).toBe(403);
  });

  it('runs one backup at a time', async () => {
    const [a, b] = await Promise.all([
      api.as(admin).post('/api/backup/run'),
      api.as(admin).post('/api/backup/run'),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual({
      success: false,
      error: 'Já existe um backup em andamento. Aguarde a conclusão.',
    });
  });
});

describe('backup engines and verification', () => {
  it('the catalog dump (no pg_dump of the server version) restores to the same rows', async () => {
    const dir = await tmp();
    const svc = new BackupService({ pool: db.pool, dir, log, engine: 'catalog' });
    const item = await svc.run('manual');
    expect(item).toMatchObject({ status: 'success', tool: 'catálogo' });
    const file = path.join(dir, item?.filename ?? '');
    // Triggers come after the data: the deal counters were restored, not counted again.
    let edited: Fingerprint = {};
    const restored = await restoredChecksums(file, async (target) => {
      await target.pool.query("UPDATE deals SET comment = 'c;x' WHERE ticket = 7");
      edited = await tableChecksums(target.pool);
    });
    expect(restored).toEqual(await sourceChecksums(restored));
    // One changed value, same count: the checksum sees what a row count cannot.
    expect(changedTables(restored, edited)).toEqual(['deals']);
  });

  it('fails a run left in progress by a dead instance before the next one', async () => {
    const dir = await tmp();
    const svc = new BackupService({ pool: db.pool, dir, log, engine: 'catalog' });
    const stale = 'vortex-backup-20260101-020000-dead.sql.gz';
    await insertBackup(db.pool, {
      filename: stale,
      type: 'automatic',
      slot: null,
      createdAt: new Date(),
    });
    await writeFile(path.join(dir, `${stale}.partial`), 'half');
    await svc.run('manual');
    const row = (await svc.list()).find((b) => b.filename === stale);
    expect(row).toMatchObject({
      status: 'failed',
      error: 'Backup interrompido: o servidor foi encerrado durante a execução.',
    });
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).some((f) => f.endsWith('.partial'))).toBe(false);
  });

  it('writes a plain .sql file when compression is off', async () => {
    const dir = await tmp();
    const svc = new BackupService({ pool: db.pool, dir, log, engine: 'catalog' });
    await svc.saveConfig({ ...DEFAULT_BACKUP_SETTINGS, compress_backups: false });
    const item = await svc.run('manual');
    expect(item?.filename).toMatch(/\.sql$/);
    const text = await readFile(path.join(dir, item?.filename ?? ''), 'utf8');
    expect(text).toContain('CREATE TABLE public."deals"');
    await svc.saveConfig(DEFAULT_BACKUP_SETTINGS);
  });

  it('fails verification when the restored rows differ from the dump', async () => {
    const dir = await tmp();
    const svc = new BackupService({ pool: db.pool, dir, log, engine: 'catalog' });
    const item = await svc.run('manual');
    const file = path.join(dir, item?.filename ?? '');
    const counts = await countRows(db.url);
    const reason = await verifyDump(db.pool, file, { ...counts, deals: (counts.deals ?? 0) + 1 });
    expect(reason).toBe(
      'Verificação falhou: a tabela deals tem 1234 linhas restauradas, esperadas 1235.',
    );
    await writeFile(file, 'CREATE TABLE broken (;');
    expect(await verifyDump(db.pool, file, counts)).toMatch(
      /^Verificação falhou: a restauração não concluiu/,
    );
    // No scratch database is left behind.
    const { rows } = await db.pool.query(
      "SELECT datname FROM pg_database WHERE datname LIKE 'vortex_verify_%'",
    );
    expect(rows).toEqual([]);
  });
});

describe('npm run restore', () => {
  it('restores into an empty database, and replaces a non-empty one only when forced', async () => {
    const dir = await tmp();
    const svc = new BackupService({ pool: db.pool, dir, log });
    const item = await svc.run('manual');
    const file = path.join(dir, item?.filename ?? '');
    const target = await createTestDatabase({ migrated: false });
    try {
      const config = loadConfig({ DATABASE_URL: target.url, DATA_DIR: dir }, dir);
      const quiet = { log: () => undefined };
      const counts = await restoreIntoConfigured(config, file, { ...quiet, force: false });
      expect(counts).toEqual(item?.counts);
      const restored = await tableChecksums(target.pool);
      expect(restored).toEqual(await sourceChecksums(restored));
      await target.pool.query("INSERT INTO client_logs (level, message) VALUES ('info', 'depois')");
      await expect(
        restoreIntoConfigured(config, file, { ...quiet, force: false }),
      ).rejects.toBeInstanceOf(RestoreRefused);
      // Refused: the extra row is still there.
      expect((await countRows(target.url)).client_logs).toBe((item?.counts.client_logs ?? 0) + 1);
      const forced = await restoreIntoConfigured(config, file, { ...quiet, force: true });
      expect(forced).toEqual(item?.counts);
    } finally {
      await target.drop();
    }
  });
});

describe('retention and schedule', () => {
  it('keeps the newest per day, week and month and deletes the rest with their files', async () => {
    const scratch = await createTestDatabase();
    try {
      const dir = await tmp();
      const svc = new BackupService({ pool: scratch.pool, dir, log });
      // One verified backup a day at 12:00 São Paulo, 1 Jan .. 31 Mar 2026.
      for (let i = 0; i < 90; i++) {
        const at = new Date(Date.UTC(2026, 0, 1 + i, 15));
        const filename = `vortex-backup-${at.toISOString().slice(0, 10).replaceAll('-', '')}-120000-abcd.sql.gz`;
        await writeFile(path.join(dir, filename), 'x');
        const id = await insertBackup(scratch.pool, {
          filename,
          type: 'automatic',
          slot: null,
          createdAt: at,
        });
        await finishBackup(scratch.pool, id ?? 0, {
          status: 'success',
          size: 1,
          error: null,
          tool: 'catálogo',
          counts: {},
        });
      }
      const deleted = await svc.prune(
        {
          ...DEFAULT_BACKUP_SETTINGS,
          keep_daily_backups: 3,
          keep_weekly_backups: 2,
          keep_monthly_backups: 2,
        },
        new Date('2026-03-31T20:00:00Z'),
      );
      expect(deleted).toHaveLength(86);
      const kept = (await svc.list()).map((b) => b.filename.slice(14, 22)).sort();
      expect(kept).toEqual(['20260228', '20260329', '20260330', '20260331']);
      const { readdir } = await import('node:fs/promises');
      expect((await readdir(dir)).map((f) => f.slice(14, 22)).sort()).toEqual(kept);
    } finally {
      await scratch.drop();
    }
  });

  it('runs the due automatic backup once even when two instances tick the same minute', async () => {
    const scratch = await createTestDatabase();
    try {
      const a = new BackupService({ pool: scratch.pool, dir: await tmp(), log, engine: 'catalog' });
      const b = new BackupService({ pool: scratch.pool, dir: await tmp(), log, engine: 'catalog' });
      await a.saveConfig({ ...DEFAULT_BACKUP_SETTINGS, backup_time: '02:00' });
      const due = new Date('2026-03-10T05:00:10Z'); // 02:00 in São Paulo
      expect(await a.tick(new Date('2026-03-10T05:01:00Z'))).toBeNull();
      const results = await Promise.all([a.tick(due), b.tick(due)]);
      // Whichever lost the lock or the slot ran nothing; a second tick of the minute runs nothing.
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await a.tick(due)).toBeNull();
      const list = await a.list();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ type: 'automatic', status: 'success' });
    } finally {
      await scratch.drop();
    }
  });

  it('emails the configured address when a backup succeeds', async () => {
    const dir = await tmp();
    const { createMailer } = await import('../mail/mailer.js');
    const mailer = createMailer({
      smtpUrl: t.smtp.url,
      from: 'Vórtex <t@vortex.local>',
      dataDir: dir,
      log: () => undefined,
    });
    const svc = new BackupService({ pool: db.pool, dir, log, engine: 'catalog', mailer });
    await svc.saveConfig({ ...DEFAULT_BACKUP_SETTINGS, notification_email: 'ops@vortex.local' });
    const item = await svc.run('manual');
    const mail = await t.smtp.waitFor((m) => m.to.includes('ops@vortex.local'));
    expect(mail.subject).toBe('Vórtex: backup concluído');
    expect(mail.text).toContain(item?.filename ?? '?');
    await svc.saveConfig(DEFAULT_BACKUP_SETTINGS);
  });
});
