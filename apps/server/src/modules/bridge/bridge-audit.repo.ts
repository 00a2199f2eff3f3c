import { z } from 'zod';
import { oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export interface BridgeAuditFilter {
  userId: number | undefined;
  eventType: string | undefined;
  from: string | undefined;
  to: string | undefined;
  limit: number;
  offset: number;
}

const BridgeAuditRow = z.object({
  id: z.number().int(),
  target_user_id: z.number().int().nullable(),
  actor_user_id: z.number().int().nullable(),
  action: z.string(),
  created_at: z.date(),
  meta: z.unknown(),
});
export type BridgeAuditRow = z.infer<typeof BridgeAuditRow>;

/** The bridge events of the audit log that match, newest first, one page and the total. */
export async function searchBridgeAudit(
  db: Queryable,
  f: BridgeAuditFilter,
): Promise<{ total: number; rows: BridgeAuditRow[] }> {
  const where = `action LIKE 'bridge%'
    AND ($1::bigint IS NULL OR target_user_id = $1)
    AND ($2::text IS NULL OR action = $2)
    AND ($3::timestamptz IS NULL OR created_at >= $3)
    AND ($4::timestamptz IS NULL OR created_at <= $4)`;
  const params = [f.userId ?? null, f.eventType ?? null, f.from ?? null, f.to ?? null];
  const [count, rows] = await Promise.all([
    oneRow(
      db,
      z.object({ n: z.number().int() }),
      `SELECT count(*)::int AS n FROM audit_log WHERE ${where}`,
      params,
    ),
    rowsOf(
      db,
      BridgeAuditRow,
      `SELECT id, target_user_id, actor_user_id, action, created_at, meta FROM audit_log WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
      [...params, f.limit, f.offset],
    ),
  ]);
  return { total: count.n, rows };
}
