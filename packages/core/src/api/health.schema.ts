import { z } from 'zod';

export const DatabaseStateSchema = z.enum(['up', 'down', 'restarting']);
export type DatabaseState = z.infer<typeof DatabaseStateSchema>;

/** Below either, DATA_DIR is short of space: backups and the database are the first to fail. */
export const DISK_LOW_BYTES = 1024 ** 3;
export const DISK_LOW_RATIO = 0.05;

export const HealthSchema = z.object({
  success: z.boolean(),
  /** degraded: the database is away (503), or Redis, mail or disk space is (still 200). */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number().nonnegative(),
  database: z.object({
    reachable: z.boolean(),
    mode: z.enum(['embedded', 'external']),
    latency_ms: z.number().nonnegative().nullable(),
    /** down: unreachable or not answering within a second; restarting: its supervisor is on it. */
    state: DatabaseStateSchema,
    /** Restarts of the embedded server since this process started. */
    restarts: z.number().int().nonnegative(),
    /** The last time the database was away (ISO 8601); ended_at null while it still is. */
    last_outage: z
      .object({ started_at: z.string(), ended_at: z.string().nullable(), reason: z.string() })
      .nullable(),
  }),
  /** disabled: no REDIS_URL (one instance); down: no PONG within a second. */
  redis: z.object({
    state: z.enum(['up', 'down', 'disabled']),
    latency_ms: z.number().nonnegative().nullable(),
  }),
  /** Judged by the last send (no connection per probe); unknown until one is made. */
  mail: z.object({
    mode: z.enum(['smtp', 'outbox']),
    state: z.enum(['ok', 'failing', 'unknown']),
    last_sent_at: z.string().nullable(),
    last_failure_at: z.string().nullable(),
  }),
  /** DATA_DIR's file system; null figures when it could not be read in time. */
  disk: z.object({
    free_bytes: z.number().nonnegative().nullable(),
    total_bytes: z.number().nonnegative().nullable(),
    low: z.boolean(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
