import { z } from 'zod';

export const HealthSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number().nonnegative(),
  database: z.object({
    reachable: z.boolean(),
    mode: z.enum(['embedded', 'external']),
    latency_ms: z.number().nonnegative().nullable(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
