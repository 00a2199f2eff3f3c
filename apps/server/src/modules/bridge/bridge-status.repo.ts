import type { Claim } from '@vortex/core';
import { CLAIM_ONLINE_MS, ClaimSchema } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { AccountIdentityColumns, AccountMoneyColumns } from '../accounts/account-row.js';

/** A bridge_claims row as the API's claim is built from it (bridge-admin.repo.ts adds the user). */
export const ClaimRow = z.object({
  id: z.string(),
  user_id: z.number().int(),
  token_prefix: z.string(),
  status: ClaimSchema.shape.status,
  created_at: z.date(),
  last_seen_at: z.date().nullable(),
  last_hb_mt5_at: z.date().nullable(),
  primary_account_number: z.number().int().nullable(),
});
export type ClaimRow = z.infer<typeof ClaimRow>;

const LatestAccountRow = z.object({
  ...AccountIdentityColumns,
  ...AccountMoneyColumns,
  account_at: z.date().nullable(),
});

export async function claimsOfUser(
  db: Queryable,
  userId: number,
  now = Date.now(),
): Promise<Claim[]> {
  const rows = await rowsOf(
    db,
    ClaimRow,
    `SELECT id, user_id, token_prefix, status, created_at, last_seen_at, last_hb_mt5_at, primary_account_number
     FROM bridge_claims WHERE user_id = $1 ORDER BY last_seen_at DESC NULLS LAST, created_at DESC`,
    [userId],
  );
  return rows.map((r) => toClaim(r, now));
}

/** A claim as the API shows it; `last_hb_mt5` is the legacy flag: an MT5 heartbeat within 60 s. */
export function toClaim<R extends ClaimRow>(r: R, now: number): Omit<R, keyof ClaimRow> & Claim {
  return {
    ...r,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at?.toISOString() ?? null,
    last_hb_mt5_at: r.last_hb_mt5_at?.toISOString() ?? null,
    last_hb_mt5: r.last_hb_mt5_at !== null && now - r.last_hb_mt5_at.getTime() < CLAIM_ONLINE_MS,
  };
}

export interface LiveBridge {
  bridgeConnected: boolean;
  mt5Connected: boolean;
  accountNumber: number | null;
  server: string | null;
}

export async function latestAccountOf(db: Queryable, userId: number) {
  return maybeRow(
    db,
    LatestAccountRow,
    `SELECT account_number, server, company, currency, trade_mode, margin_mode, balance, equity, margin,
            free_margin, margin_level, profit, account_at
     FROM mt5_accounts WHERE user_id = $1 ORDER BY last_hello_at DESC NULLS LAST LIMIT 1`,
    [userId],
  );
}
