import { z } from 'zod';

/** Interface crash reports (access-and-admin.md §7). Bounded so a report cannot flood storage. */
export const CLIENT_LOG_MAX_BYTES = 32 * 1024;

export const ClientLogSchema = z.strictObject({
  level: z.enum(['error', 'warn', 'info']),
  message: z.string().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  componentStack: z.string().max(16_000).optional(),
  ua: z.string().max(512).optional(),
  ts: z.union([z.string().max(64), z.number()]).optional(),
  url: z.string().max(2048).optional(),
});
export type ClientLog = z.infer<typeof ClientLogSchema>;

export const ClientLogResponseSchema = z.object({ success: z.literal(true), id: z.number().int() });
