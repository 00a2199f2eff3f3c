import { z } from 'zod';

/** A bridge session lives 12 hours, renewed by each heartbeat (trading.md §4, §9). */
export const BRIDGE_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Freshness rules (access-and-admin.md §4, §9). */
export const CLAIM_ONLINE_MS = 60_000;
export const CLAIM_DASHBOARD_FRESH_MS = 5 * 60_000;
export const CLAIM_ONBOARDING_FRESH_MS = 2 * 60_000;

export const ClaimSchema = z.object({
  id: z.string(),
  user_id: z.number(),
  token_prefix: z.string(),
  status: z.enum(['active', 'mismatch', 'revoked', 'pre_install']),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  last_hb_mt5_at: z.string().nullable(),
  /** Legacy flag: an MT5 heartbeat within the last 60 s. */
  last_hb_mt5: z.boolean(),
  primary_account_number: z.number().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const MyBridgesResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(ClaimSchema),
  /** Onboarding's rule held once for this user (remembered by the server, in every browser). */
  onboarding_completed: z.boolean().optional(),
});

export const Mt5StatusSchema = z.object({
  success: z.literal(true),
  connected: z.boolean(),
  mt5_connected: z.boolean(),
  bridge_connected: z.boolean(),
  account: z.number().nullable(),
  login: z.number().nullable(),
  server: z.string().nullable(),
  source: z.literal('bridge'),
});

export const Mt5AccountInfoSchema = z.object({
  success: z.literal(true),
  login: z.number().nullable(),
  account: z
    .object({
      login: z.number(),
      server: z.string(),
      company: z.string(),
      currency: z.string(),
      trade_mode: z.string(),
      margin_mode: z.string(),
      balance: z.number().nullable(),
      equity: z.number().nullable(),
      margin: z.number().nullable(),
      free_margin: z.number().nullable(),
      margin_level: z.number().nullable(),
      profit: z.number().nullable(),
      updated_at: z.string().nullable(),
    })
    .nullable(),
});
