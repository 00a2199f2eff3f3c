import { z } from 'zod';
import { backupMessages } from './messages.js';

export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const BACKUP_STATUSES = ['success', 'failed', 'in_progress'] as const;
export const BACKUP_TYPES = ['manual', 'automatic'] as const;
/** Backups run and retention counts its days in the exchange's time zone. */
export const BACKUP_TIME_ZONE = 'America/Sao_Paulo';

/** Only names the server itself gives its files; anything else (paths, traversal) is refused. */
export const BACKUP_FILENAME_PATTERN = /^vortex-backup-\d{8}-\d{6}-[a-z0-9]{4}\.sql(\.gz)?$/;

/** trading.md §3 and §5: what an administrator sets; the location is the server's own folder. */
export const BackupSettingsSchema = z
  .object({
    auto_backup_enabled: z.boolean(),
    backup_frequency: z.enum(BACKUP_FREQUENCIES),
    backup_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário no formato HH:MM'),
    backup_database: z.boolean(),
    backup_data_files: z.boolean(),
    backup_reports: z.boolean(),
    backup_logs: z.boolean(),
    backup_config: z.boolean(),
    keep_daily_backups: z.number().int().min(1).max(30),
    keep_weekly_backups: z.number().int().min(1).max(12),
    keep_monthly_backups: z.number().int().min(1).max(24),
    compress_backups: z.boolean(),
    compression_level: z.number().int().min(1).max(9),
    backup_location: z.literal('local'),
    notify_on_success: z.boolean(),
    notify_on_failure: z.boolean(),
    notification_email: z.union([z.literal(''), z.email().max(254)]),
  })
  .strict();
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;

/** The PUT body: the settings, plus the read-only path the GET returned (accepted, ignored). */
export const BackupConfigUpdateSchema = BackupSettingsSchema.extend({
  local_backup_path: z.string().max(4096).optional(),
}).strict();

export const BackupConfigSchema = BackupSettingsSchema.extend({ local_backup_path: z.string() });
export type BackupConfig = z.infer<typeof BackupConfigSchema>;

/** trading.md §9. */
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = {
  auto_backup_enabled: true,
  backup_frequency: 'daily',
  backup_time: '02:00',
  backup_database: true,
  backup_data_files: true,
  backup_reports: true,
  backup_logs: true,
  backup_config: true,
  keep_daily_backups: 7,
  keep_weekly_backups: 4,
  keep_monthly_backups: 12,
  compress_backups: true,
  compression_level: 6,
  backup_location: 'local',
  notify_on_success: true,
  notify_on_failure: true,
  notification_email: '',
};

export const BackupItemSchema = z.object({
  filename: z.string(),
  size: z.number().int().nonnegative(),
  date: z.string(),
  type: z.enum(BACKUP_TYPES),
  status: z.enum(BACKUP_STATUSES),
  /** pt-BR reason when status is failed. */
  error: z.string().nullable(),
  /** Rows per table the dump holds, checked against a restore. */
  tables: z.number().int().nonnegative(),
  /** Rows per table, as dumped and as the verification restored them. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  rows: z.number().int().nonnegative(),
  tool: z.string().nullable(),
});
export type BackupItem = z.infer<typeof BackupItemSchema>;

export const BackupStatsSchema = z.object({
  total_backups: z.number().int().nonnegative(),
  /** 0–100 while a backup runs, otherwise null. */
  progress: z.number().min(0).max(100).nullable(),
  total_size: z.number().int().nonnegative(),
  last_backup: BackupItemSchema.nullable(),
  next_backup: z.string().nullable(),
});
export type BackupStats = z.infer<typeof BackupStatsSchema>;

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const BackupConfigResponseSchema = ok(BackupConfigSchema);
export const BackupListResponseSchema = ok(z.array(BackupItemSchema));
export const BackupStatsResponseSchema = ok(BackupStatsSchema);
export const BackupRunResponseSchema = ok(BackupItemSchema).extend({ message: z.string() });
export const BackupRunBodySchema = z.object({}).strict().nullish();
export const BackupFilenameParamsSchema = z.object({
  filename: z.string().max(100).regex(BACKUP_FILENAME_PATTERN, backupMessages.invalidFilename),
});
