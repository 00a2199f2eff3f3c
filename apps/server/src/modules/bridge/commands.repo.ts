import type { Command } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

/** What is stored of a command: never its secrets. */
function redacted(c: Command): Record<string, unknown> {
  if (c.kind === 'mt5_login') return { kind: c.kind, login: c.login, server: c.server };
  return { ...c };
}

export async function insertCommand(
  db: Queryable,
  c: { id: string; userId: number; command: Command; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO bridge_commands (id, user_id, kind, payload, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [c.id, c.userId, c.command.kind, JSON.stringify(redacted(c.command)), c.expiresAt],
  );
}

export async function finishCommand(
  db: Queryable,
  id: string,
  r: { status: 'done' | 'failed' | 'expired'; retcode?: number | undefined; message: string },
): Promise<void> {
  await db.query(
    `UPDATE bridge_commands SET status = $2, retcode = $3, message = $4, finished_at = now()
     WHERE id = $1 AND status = 'sent'`,
    [id, r.status, r.retcode ?? null, r.message],
  );
}
