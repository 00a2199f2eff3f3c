import { z } from 'zod';

/** What the database says of an account's deals: deals_version() of migration 0008 (json). */
export const DealsVersionSchema = z.object({
  /** Deals stored, of every type. */
  count: z.number(),
  maxTicket: z.number(),
  /** Bumped by every delete. */
  epoch: z.number(),
});
export type DealsVersion = z.infer<typeof DealsVersionSchema>;
