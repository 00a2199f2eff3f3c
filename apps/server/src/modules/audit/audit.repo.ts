import type { Queryable } from '../../lib/db-types.js';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetUserId: number | null;
  meta?: Record<string, unknown>;
  ip?: string | null;
}

/** Who did what, to whom, when: written in the same transaction as the change it records. */
export async function writeAudit(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_user_id, action, target_user_id, meta, ip)
     VALUES ($1, $2, $3, $4, $5::inet)`,
    [e.actorUserId, e.action, e.targetUserId, JSON.stringify(e.meta ?? {}), e.ip ?? null],
  );
}
