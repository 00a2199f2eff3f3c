import { z } from 'zod';

export const DatabaseStateSchema = z.enum(['up', 'down', 'restarting']);
export type DatabaseState = z.infer<typeof DatabaseStateSchema>;

export const HealthSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number().nonnegative(),
  database: z.object({
    reachable: z.boolean(),
    mode: z.enum(['embedded', 'external']),
    latency_ms: z.number().nonnegative().nullable(),
    /** down: unreachable; restarting: the embedded server died and its supervisor restarts it. */
    state: DatabaseStateSchema,
    /** Restarts of the embedded server since this process started. */
    restarts: z.number().int().nonnegative(),
    /** The last time the database was away (ISO 8601); ended_at null while it still is. */
    last_outage: z
      .object({ started_at: z.string(), ended_at: z.string().nullable(), reason: z.string() })
      .nullable(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
