import type { Mt5Account } from '@vortex/core';
import { z } from 'zod';
import { parseRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export interface SessionPing {
  sessionId: number;
  claimId: string;
  mt5Alive: boolean;
  /** The session's 12-hour lifetime counts from its last sign of life. */
  expiresAt: Date;
}

export interface AccountReport {
  accountId: number;
  ts: Date;
  account: Mt5Account;
}

export interface HeartbeatRows {
  pings: SessionPing[];
  /** The latest figures of each account (mt5_accounts), one per account. */
  accounts: AccountReport[];
  /** Rows of history (account_snapshots). */
  snapshots: AccountReport[];
}

export interface HeartbeatOutcome {
  /** Sessions pinged that were still active; the others were revoked or have ended. */
  active: Set<number>;
  /** Claims this write turned from pre_install to active. */
  activated: Set<string>;
}

const col = <T, K extends keyof T>(rows: T[], k: K) => rows.map((r) => r[k]);
const figures = (rows: AccountReport[]) => {
  const f = <K extends keyof Mt5Account>(k: K) => rows.map((r) => r.account[k]);
  return [
    col(rows, 'accountId'),
    col(rows, 'ts'),
    f('balance'),
    f('equity'),
    f('margin'),
    f('free_margin'),
    f('margin_level'),
    f('profit'),
  ];
};

// One statement, so one round trip and one commit for every agent's tick of the last interval.
// A revoked or ended session is neither pinged nor its claim touched; the claim's old status is
// read under lock so exactly one write sees it activated.
const WRITE = `
WITH p AS (
  SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::boolean[], $4::timestamptz[])
    AS p(session_id, claim_id, alive, expires_at)
), s AS (
  UPDATE bridge_sessions s SET last_ping_at = now(), expires_at = p.expires_at, disconnected_at = NULL
  FROM p WHERE s.id = p.session_id AND s.status = 'active' AND s.expires_at > now()
  RETURNING s.id
), old AS (
  SELECT c.id, c.status AS was, p.alive FROM bridge_claims c
  JOIN p ON p.claim_id = c.id JOIN s ON s.id = p.session_id
  ORDER BY c.id FOR UPDATE OF c
), c AS (
  UPDATE bridge_claims c SET last_seen_at = now(),
    last_hb_mt5_at = CASE WHEN old.alive THEN now() ELSE c.last_hb_mt5_at END,
    status = CASE WHEN c.status = 'pre_install' THEN 'active' ELSE c.status END
  FROM old WHERE c.id = old.id RETURNING c.id, old.was
), a AS (
  UPDATE mt5_accounts m SET balance = x.balance, equity = x.equity, margin = x.margin,
    free_margin = x.free_margin, margin_level = x.margin_level, profit = x.profit,
    currency = x.currency, account_at = x.ts
  FROM unnest($5::bigint[], $6::timestamptz[], $7::float8[], $8::float8[], $9::float8[],
    $10::float8[], $11::float8[], $12::float8[], $13::text[])
    AS x(id, ts, balance, equity, margin, free_margin, margin_level, profit, currency)
  WHERE m.id = x.id
), i AS (
  INSERT INTO account_snapshots (account_id, ts, balance, equity, margin, free_margin, margin_level, profit)
  SELECT * FROM unnest($14::bigint[], $15::timestamptz[], $16::float8[], $17::float8[],
    $18::float8[], $19::float8[], $20::float8[], $21::float8[])
)
SELECT id::text AS id, false AS activated FROM s
UNION ALL SELECT id::text, true FROM c WHERE was = 'pre_install'`;

/** A session's id (a bigint, as text) or an activated claim's (a uuid): one column for both. */
const WrittenRow = z.object({ id: z.string(), activated: z.boolean() });

/** Writes what the agents' heartbeats and account reports of one interval said. */
export async function writeHeartbeats(
  db: Queryable,
  rows: HeartbeatRows,
): Promise<HeartbeatOutcome> {
  const pings = [...rows.pings].sort((a, b) => a.sessionId - b.sessionId);
  const accounts = [...rows.accounts].sort((a, b) => a.accountId - b.accountId);
  // Named: each pooled connection parses and plans it once.
  const { rows: out } = await db.query({
    name: 'write-heartbeats',
    text: WRITE,
    values: [
      col(pings, 'sessionId'),
      col(pings, 'claimId'),
      col(pings, 'mt5Alive'),
      col(pings, 'expiresAt'),
      ...figures(accounts),
      accounts.map((r) => r.account.currency),
      ...figures(rows.snapshots),
    ],
  });
  const outcome: HeartbeatOutcome = { active: new Set(), activated: new Set() };
  for (const r of out.map((row: unknown) => parseRow(WrittenRow, row, WRITE))) {
    if (r.activated) outcome.activated.add(r.id);
    else outcome.active.add(Number(r.id));
  }
  return outcome;
}
