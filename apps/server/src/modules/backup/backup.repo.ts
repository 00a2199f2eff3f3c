import {
  BackupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  type BackupItem,
  type BackupSettings,
} from '@vortex/core';
import type pg from 'pg';
import type { RowCounts } from './catalog-dump.js';

export interface BackupRow {
  id: number;
  filename: string;
  type: BackupItem['type'];
  status: BackupItem['status'];
  size: number;
  created_at: Date;
  error: string | null;
  tool: string | null;
  row_counts: RowCounts | null;
}

export async function readSettings(pool: pg.Pool): Promise<BackupSettings> {
  const { rows } = await pool.query<{ settings: unknown }>(
    'SELECT settings FROM backup_settings WHERE id',
  );
  // Stored settings over the defaults, so a field added later reads its default.
  const parsed = BackupSettingsSchema.safeParse({
    ...DEFAULT_BACKUP_SETTINGS,
    ...(rows[0]?.settings as object),
  });
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SETTINGS;
}

export async function saveSettings(pool: pg.Pool, settings: BackupSettings): Promise<void> {
  await pool.query(
    `INSERT INTO backup_settings (id, settings) VALUES (true, $1)
     ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [JSON.stringify(settings)],
  );
}

/** The new backup's row, or null when another instance already took this scheduled slot. */
export async function insertBackup(
  pool: pg.Pool,
  b: { filename: string; type: BackupItem['type']; slot: string | null; createdAt: Date },
): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO backups (filename, type, status, slot, created_at)
     VALUES ($1, $2, 'in_progress', $3, $4) ON CONFLICT (slot) DO NOTHING RETURNING id`,
    [b.filename, b.type, b.slot, b.createdAt],
  );
  return rows[0]?.id ?? null;
}

export async function finishBackup(
  pool: pg.Pool,
  id: number,
  r: {
    status: 'success' | 'failed';
    size: number;
    error: string | null;
    tool: string | null;
    counts: RowCounts | null;
  },
): Promise<void> {
  await pool.query(
    `UPDATE backups SET status = $2, size = $3, error = $4, tool = $5, row_counts = $6,
            finished_at = now() WHERE id = $1`,
    [id, r.status, r.size, r.error, r.tool, r.counts && JSON.stringify(r.counts)],
  );
}

export async function listBackups(pool: pg.Pool): Promise<BackupRow[]> {
  const { rows } = await pool.query<BackupRow>(
    `SELECT id, filename, type, status, size, created_at, error, tool, row_counts
       FROM backups ORDER BY created_at DESC, id DESC`,
  );
  return rows;
}

export async function findBackup(pool: pg.Pool, filename: string): Promise<BackupRow | null> {
  const { rows } = await pool.query<BackupRow>(
    `SELECT id, filename, type, status, size, created_at, error, tool, row_counts
       FROM backups WHERE filename = $1`,
    [filename],
  );
  return rows[0] ?? null;
}

export async function deleteBackups(pool: pg.Pool, ids: number[]): Promise<void> {
  if (ids.length) await pool.query('DELETE FROM backups WHERE id = ANY($1::bigint[])', [ids]);
}

/** Runs left in progress by an instance that died: only called under the backup lock. */
export async function failInterrupted(pool: pg.Pool, reason: string): Promise<string[]> {
  const { rows } = await pool.query<{ filename: string }>(
    `UPDATE backups SET status = 'failed', error = $1, finished_at = now()
      WHERE status = 'in_progress' RETURNING filename`,
    [reason],
  );
  return rows.map((r) => r.filename);
}
