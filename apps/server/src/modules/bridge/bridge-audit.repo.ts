import type { Queryable } from '../../lib/db-types.js';

export interface BridgeAuditFilter {
  userId: number | undefined;
  eventType: string | undefined;
  from: string | undefined;
  to: string | undefined;
  limit: number;
  offset: number;
}

export interface BridgeAuditRow {
  id: number;
  target_user_id: number | null;
  actor_user_id: number | null;
  action: string;
  created_at: Date;
  meta: unknown;
}

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
  const [count, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`, params),
    db.query<BridgeAuditRow>(
      `SELECT id, target_user_id, actor_user_id, action, created_at, meta FROM audit_log WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
      [...params, f.limit, f.offset],
    ),
  ]);
  return { total: count.rows[0]?.n ?? 0, rows: page.rows };
}
