import {
  BACKUP_TIME_ZONE,
  backupMessages as msg,
  backupsToDelete,
  type BackupConfig,
  type BackupItem,
  type BackupSettings,
  type BackupStats,
} from '@vortex/core';
import { Cron } from 'croner';
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import { oneRow } from '../../db/rows.js';
import { OutageLog, type OutageLogger } from '../../lib/outage-log.js';
import { diskErrorMessage } from '../../lib/disk-errors.js';
import { privateDir, tightenTree, type FileOpener } from '../../lib/private-files.js';
import type { Mailer } from '../mail/mailer.js';
import { dueSlot, localParts, nextRun } from './backup-schedule.js';
import * as repo from './backup.repo.js';
import type { BackupRow } from './backup.repo.js';
import { writeDump, type DumpEngine } from './dump-writer.js';
import { verifyDump } from './dump-verify.js';

// Any constant, the same on every instance sharing the database: one backup at a time.
const BACKUP_LOCK = 7_142_014;
const DAY_MS = 86_400_000;

export interface BackupDeps {
  pool: pg.Pool;
  /** DATA_DIR/backups: the only folder files are written to and served from. */
  dir: string;
  mailer?: Mailer | undefined;
  log: OutageLogger;
  engine?: DumpEngine;
  /** How the dump file is opened; tests give one that resolves to /dev/full. */
  openFile?: FileOpener;
}

function toItem(r: BackupRow): BackupItem {
  const counts = r.row_counts ?? {};
  return {
    filename: r.filename,
    size: r.size,
    date: r.created_at.toISOString(),
    type: r.type,
    status: r.status,
    error: r.error,
    tables: Object.keys(counts).length,
    counts,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    tool: r.tool,
  };
}

function filenameFor(at: Date, compressed: boolean): string {
  const p = localParts(at);
  const rand = randomBytes(4).toString('hex').slice(0, 4);
  return `vortex-backup-${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}-${rand}.sql${compressed ? '.gz' : ''}`;
}

type Outcome = Parameters<typeof repo.finishBackup>[2];

export class BackupService {
  /** 0–100 while this instance runs a backup. */
  private progress: number | null = null;
  private cron: Cron | null = null;
  /** The outcome of a run whose database went away before it could be written. */
  private unrecorded: { id: number; outcome: Outcome } | null = null;

  constructor(private readonly deps: BackupDeps) {}

  async config(): Promise<BackupConfig> {
    return { ...(await repo.readSettings(this.deps.pool)), local_backup_path: this.deps.dir };
  }

  async saveConfig(settings: BackupSettings): Promise<BackupConfig> {
    await repo.saveSettings(this.deps.pool, settings);
    return this.config();
  }

  async list(): Promise<BackupItem[]> {
    return (await repo.listBackups(this.deps.pool)).map(toItem);
  }

  async stats(now = new Date()): Promise<BackupStats> {
    const rows = await repo.listBackups(this.deps.pool);
    const settings = await repo.readSettings(this.deps.pool);
    const running = rows.some((r) => r.status === 'in_progress');
    const last = rows[0];
    return {
      total_backups: rows.length,
      progress: this.progress ?? (running ? 0 : null),
      total_size: rows.filter((r) => r.status === 'success').reduce((a, r) => a + r.size, 0),
      last_backup: last ? toItem(last) : null,
      next_backup: nextRun(settings, now)?.toISOString() ?? null,
    };
  }

  /** The file of a listed, verified backup: nothing else is ever served. */
  async fileOf(filename: string): Promise<{ file: string; size: number } | null> {
    const row = await repo.findBackup(this.deps.pool, filename);
    if (row?.status !== 'success' || path.basename(row.filename) !== row.filename) return null;
    const file = path.join(this.deps.dir, row.filename);
    try {
      return { file, size: (await stat(file)).size };
    } catch {
      return null;
    }
  }

  /** Runs `fn` holding the backup lock; null when another run (any instance) holds it. */
  private async withLock<T>(fn: () => Promise<T>): Promise<{ value: T } | null> {
    const lock = await this.deps.pool.connect();
    let broken: Error | undefined;
    try {
      const { ok } = await oneRow(
        lock,
        z.object({ ok: z.boolean() }),
        'SELECT pg_try_advisory_lock($1) AS ok',
        [BACKUP_LOCK],
      );
      if (!ok) return null;
      try {
        return { value: await fn() };
      } finally {
        // A lock that cannot be let go of goes with its connection (a dead one holds nothing).
        await lock
          .query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK])
          .catch((err: unknown) => (broken = err instanceof Error ? err : new Error(String(err))));
      }
    } finally {
      lock.release(broken);
    }
  }

  /**
   * Runs left in progress are failed, their partial files removed: this instance's own whose
   * database went away (with that reason), then those of an instance that died.
   */
  private async failInterrupted(): Promise<void> {
    const lost = this.unrecorded;
    if (lost) {
      await repo.finishBackup(this.deps.pool, lost.id, lost.outcome);
      this.unrecorded = null;
    }
    for (const stale of await repo.failInterrupted(this.deps.pool, msg.interrupted))
      await rm(path.join(this.deps.dir, `${stale}.partial`), { force: true });
  }

  /** The database is back: a run it interrupted is marked failed now, not at the next run. */
  async recover(): Promise<void> {
    await this.withLock(() => this.failInterrupted());
  }

  /** Dumps, verifies by restoring into a scratch database, applies retention and notifies. */
  async run(
    type: BackupItem['type'],
    slot: string | null = null,
    at = new Date(),
  ): Promise<BackupItem | null> {
    const done = await this.withLock(async () => {
      try {
        await this.failInterrupted();
        return await this.runLocked(type, slot, at);
      } finally {
        this.progress = null;
      }
    });
    if (!done && type === 'manual') throw new HttpError(409, msg.alreadyRunning);
    return done?.value ?? null;
  }

  private async runLocked(
    type: BackupItem['type'],
    slot: string | null,
    at: Date,
  ): Promise<BackupItem | null> {
    const { pool, dir } = this.deps;
    const settings = await repo.readSettings(pool);
    const filename = filenameFor(at, settings.compress_backups);
    const id = await repo.insertBackup(pool, { filename, type, slot, createdAt: at });
    if (id === null) return null;
    this.progress = 0;
    const file = path.join(dir, filename);
    const partial = `${file}.partial`;
    let result: Outcome;
    try {
      // Dumps hold every user's data and password hashes: the server's OS user's alone.
      await privateDir(dir);
      const dump = await writeDump({
        pool,
        file: partial,
        gzipLevel: settings.compress_backups ? settings.compression_level : null,
        engine: this.deps.engine ?? 'auto',
        onProgress: (f) => (this.progress = Math.round(f * 60)),
        ...(this.deps.openFile ? { openFile: this.deps.openFile } : {}),
      });
      await rename(partial, file);
      this.progress = 60;
      const size = (await stat(file)).size;
      const problem = await verifyDump(pool, file, dump.counts);
      // A dump that does not restore to the same rows is not offered for download.
      if (problem) await rm(file, { force: true });
      result = {
        status: problem ? 'failed' : 'success',
        size,
        error: problem,
        tool: dump.tool,
        counts: dump.counts,
      };
    } catch (err) {
      await rm(partial, { force: true });
      await rm(file, { force: true });
      const reason = err instanceof Error ? err.message : String(err);
      // A full or read-only disk is said in pt-BR, never as Node's 'ENOSPC: no space left…'.
      const disk = diskErrorMessage(err, msg.diskTarget(dir));
      const lost = isDatabaseUnavailable(err);
      this.deps.log.error({ err }, 'backup failed');
      result = {
        status: 'failed',
        size: 0,
        error: disk ?? (lost ? msg.databaseLost : msg.dumpFailed(reason)),
        tool: null,
        counts: null,
      };
    }
    try {
      await repo.finishBackup(pool, id, result);
    } catch (err) {
      // Written once the database is back (recover) or by the next run, never left running.
      if (isDatabaseUnavailable(err)) this.unrecorded = { id, outcome: result };
      throw err;
    }
    this.progress = 100;
    await this.prune(settings, at);
    const row = await repo.findBackup(pool, filename);
    if (!row) return null;
    await this.notify(settings, toItem(row));
    return toItem(row);
  }

  /** Retention: verified backups by day, week and month; failed records after the daily window. */
  async prune(settings: BackupSettings, now = new Date()): Promise<string[]> {
    const rows = await repo.listBackups(this.deps.pool);
    const ok = rows
      .filter((r) => r.status === 'success')
      .map((r) => ({ ...r, date: r.created_at }));
    const expired = backupsToDelete(ok, settings);
    const failedBefore = now.getTime() - settings.keep_daily_backups * DAY_MS;
    const oldFailed = rows.filter(
      (r) => r.status === 'failed' && r.created_at.getTime() < failedBefore,
    );
    for (const r of expired) await rm(path.join(this.deps.dir, r.filename), { force: true });
    await repo.deleteBackups(
      this.deps.pool,
      [...expired, ...oldFailed].map((r) => r.id),
    );
    return expired.map((r) => r.filename);
  }

  private async notify(settings: BackupSettings, item: BackupItem): Promise<void> {
    const ok = item.status === 'success';
    if (!settings.notification_email || !this.deps.mailer) return;
    if (ok ? !settings.notify_on_success : !settings.notify_on_failure) return;
    const subject = ok ? 'Vórtex: backup concluído' : 'Vórtex: backup falhou';
    const text = ok
      ? `O backup ${item.filename} foi gerado e verificado: ${item.tables} tabelas, ${item.rows} linhas restauradas com as mesmas contagens.`
      : `O backup ${item.filename} falhou: ${item.error ?? 'motivo desconhecido'}`;
    try {
      await this.deps.mailer.send({ to: settings.notification_email, subject, text });
    } catch (err) {
      this.deps.log.error({ err }, 'backup notification not sent');
    }
  }

  /** Runs the backup a minute is due for; several instances claim one slot, one runs it. */
  async tick(now: Date): Promise<BackupItem | null> {
    const slot = dueSlot(await repo.readSettings(this.deps.pool), now);
    return slot ? this.run('automatic', slot, now) : null;
  }

  start(): void {
    // Backups an older version wrote world-readable (0644 in 0755) are made private.
    tightenTree(this.deps.dir).catch((err: unknown) =>
      this.deps.log.error({ err }, 'backup folder not made private'),
    );
    // A run this instance was doing when it died shows as failed, not forever in progress.
    this.withLock(() => this.failInterrupted()).catch((err: unknown) =>
      this.deps.log.error({ err }, 'interrupted backups not recovered'),
    );
    const outage = new OutageLog(this.deps.log, 'scheduled backup failed');
    this.cron ??= new Cron('* * * * *', { timezone: BACKUP_TIME_ZONE, protect: true }, () => {
      this.tick(new Date()).then(
        () => outage.succeeded(),
        (err: unknown) => outage.failed(err),
      );
    });
  }

  stop(): void {
    this.cron?.stop();
    this.cron = null;
  }
}
