import {
  BackupItemSchema,
  BackupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  type BackupItem,
  type BackupSettings,
} from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../db/rows.js';
import type { RowCounts } from './catalog-dump.js';

const BackupRow = z.object({
  id: z.number().int(),
  filename: z.string(),
  type: BackupItemSchema.shape.type,
  status: BackupItemSchema.shape.status,
  size: z.number().int(),
  created_at: z.date(),
  error: z.string().nullable(),
  tool: z.string().nullable(),
  row_counts: z.record(z.string(), z.number().int()).nullable(),
});
export type BackupRow = z.infer<typeof BackupRow>;

export async function readSettings(pool: pg.Pool): Promise<BackupSettings> {
  const row = await maybeRow(
    pool,
    z.object({ settings: z.unknown() }),
    'SELECT settings FROM backup_settings WHERE id',
  );
  const stored = row?.settings;
  // Stored settings over the defaults, so a field added later reads its default.
  const parsed = BackupSettingsSchema.safeParse({
    ...DEFAULT_BACKUP_SETTINGS,
    ...(typeof stored === 'object' ? stored : {}),
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
  const row = await maybeRow(
    pool,
    z.object({ id: z.number().int() }),
    `INSERT INTO backups (filename, type, status, slot, created_at)
     VALUES ($1, $2, 'in_progress', $3, $4) ON CONFLICT (slot) DO NOTHING RETURNING id`,
    [b.filename, b.type, b.slot, b.createdAt],
  );
  return row?.id ?? null;
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
  return rowsOf(
    pool,
    BackupRow,
    `SELECT id, filename, type, status, size, created_at, error, tool, row_counts
       FROM backups ORDER BY created_at DESC, id DESC`,
  );
}

export async function findBackup(pool: pg.Pool, filename: string): Promise<BackupRow | null> {
  const row = await maybeRow(
    pool,
    BackupRow,
    `SELECT id, filename, type, status, size, created_at, error, tool, row_counts
       FROM backups WHERE filename = $1`,
    [filename],
  );
  return row ?? null;
}

export async function deleteBackups(pool: pg.Pool, ids: number[]): Promise<void> {
  if (ids.length) await pool.query('DELETE FROM backups WHERE id = ANY($1::bigint[])', [ids]);
}

/** Runs left in progress by an instance that died: only called under the backup lock. */
export async function failInterrupted(pool: pg.Pool, reason: string): Promise<string[]> {
  const rows = await rowsOf(
    pool,
    z.object({ filename: z.string() }),
    `UPDATE backups SET status = 'failed', error = $1, finished_at = now()
      WHERE status = 'in_progress' RETURNING filename`,
    [reason],
  );
  return rows.map((r) => r.filename);
}
