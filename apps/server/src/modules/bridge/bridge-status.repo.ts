import type { Claim } from '@vortex/core';
import { CLAIM_ONLINE_MS } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

export interface ClaimRow {
  id: string;
  user_id: number;
  token_prefix: string;
  status: Claim['status'];
  created_at: Date;
  last_seen_at: Date | null;
  last_hb_mt5_at: Date | null;
  primary_account_number: number | null;
}

export async function claimsOfUser(
  db: Queryable,
  userId: number,
  now = Date.now(),
): Promise<Claim[]> {
  const { rows } = await db.query<ClaimRow>(
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

/** Connected means an active session that pinged within 60 s; MT5 alive, a heartbeat saying so. */
export async function liveBridgeOf(db: Queryable, userId: number): Promise<LiveBridge> {
  const { rows } = await db.query<{
    account_number: number | null;
    server: string | null;
    mt5: boolean;
  }>(
    `SELECT s.account_number, s.server,
            coalesce(c.last_hb_mt5_at > now() - make_interval(secs => $2), false) AS mt5
     FROM bridge_sessions s LEFT JOIN bridge_claims c ON c.id = s.claim_id
     WHERE s.user_id = $1 AND s.status = 'active' AND s.expires_at > now()
       AND s.last_ping_at > now() - make_interval(secs => $2) AND s.disconnected_at IS NULL
     ORDER BY s.last_ping_at DESC LIMIT 1`,
    [userId, CLAIM_ONLINE_MS / 1000],
  );
  const row = rows[0];
  return {
    bridgeConnected: row !== undefined,
    mt5Connected: row?.mt5 ?? false,
    accountNumber: row?.account_number ?? null,
    server: row?.server ?? null,
  };
}

export async function latestAccountOf(db: Queryable, userId: number) {
  const { rows } = await db.query<{
    account_number: number;
    server: string;
    company: string;
    currency: string;
    trade_mode: string;
    margin_mode: string;
    balance: number | null;
    equity: number | null;
    margin: number | null;
    free_margin: number | null;
    margin_level: number | null;
    profit: number | null;
    account_at: Date | null;
  }>(
    `SELECT account_number, server, company, currency, trade_mode, margin_mode, balance, equity, margin,
            free_margin, margin_level, profit, account_at
     FROM mt5_accounts WHERE user_id = $1 ORDER BY last_hello_at DESC NULLS LAST LIMIT 1`,
    [userId],
  );
  return rows[0];
}
