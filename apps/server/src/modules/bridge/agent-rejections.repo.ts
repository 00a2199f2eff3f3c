import { AgentRejectionSchema, type AgentRejection, type AgentRejectionKind } from '@vortex/core';
import { z } from 'zod';
import { oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { boundedRaw, printable } from './rejection-raw.js';

/** Rejections older than this are pruned whenever new ones are recorded (migration 0018). */
export const REJECTIONS_KEPT_DAYS = 30;

const RejectionRow = AgentRejectionSchema.extend({ created_at: z.date() });

export interface RejectionRecord {
  userId: number;
  accountId: number | null;
  sessionId: number | null;
  kind: AgentRejectionKind;
  batchId: string | null;
  ticket: number | null;
  reason: string;
  /** What the agent sent, stored bounded and printable. */
  raw: unknown;
}

/**
 * Records refusals for the admin. A deal refused again (its batch resent after a lost ack) is
 * kept once, by account and ticket. The table grows only here, so it is pruned here too.
 */
export async function recordRejections(db: Queryable, rows: RejectionRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `WITH pruned AS (
       DELETE FROM agent_rejections WHERE created_at < now() - make_interval(days => $9))
     INSERT INTO agent_rejections (user_id, account_id, session_id, kind, batch_id, ticket, reason, raw)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[],
       $6::bigint[], $7::text[], $8::jsonb[])
     ON CONFLICT (account_id, ticket) WHERE kind = 'deal' DO NOTHING`,
    [
      rows.map((r) => r.userId),
      rows.map((r) => r.accountId),
      rows.map((r) => r.sessionId),
      rows.map((r) => r.kind),
      rows.map((r) => (r.batchId === null ? null : printable(r.batchId, 200))),
      rows.map((r) => r.ticket),
      rows.map((r) => printable(r.reason, 1000)),
      rows.map((r) => boundedRaw(r.raw)),
      REJECTIONS_KEPT_DAYS,
    ],
  );
}

/** The bridge health panel's view: how many in the last 24 h, and the newest `limit`. */
export async function rejectionsSummary(
  db: Queryable,
  limit: number,
): Promise<{ last24h: number; recent: AgentRejection[] }> {
  const [count, recent] = await Promise.all([
    oneRow(
      db,
      z.object({ n: z.number().int() }),
      "SELECT count(*)::int AS n FROM agent_rejections WHERE created_at > now() - interval '24 hours'",
    ),
    rowsOf(
      db,
      RejectionRow,
      `SELECT r.user_id, u.username, a.account_number, r.kind, r.batch_id, r.ticket, r.reason,
              r.created_at
       FROM agent_rejections r
       JOIN users u ON u.id = r.user_id
       LEFT JOIN mt5_accounts a ON a.id = r.account_id
       ORDER BY r.created_at DESC, r.id DESC LIMIT $1`,
      [limit],
    ),
  ]);
  return {
    last24h: count.n,
    recent: recent.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  };
}
