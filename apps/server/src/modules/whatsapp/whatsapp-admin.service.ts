import type pg from 'pg';
import { writeAudit } from '../audit/audit.repo.js';
import type { WhatsAppLink } from './whatsapp-link.js';

/** Unlinks the platform's WhatsApp and records who did it and what was linked. */
export async function disconnectWhatsApp(
  deps: { pool: pg.Pool; whatsapp: WhatsAppLink },
  actor: { userId: number; ip: string },
): Promise<void> {
  const was = deps.whatsapp.state();
  await deps.whatsapp.disconnect();
  await writeAudit(deps.pool, {
    actorUserId: actor.userId,
    action: 'whatsapp_disconnect',
    targetUserId: null,
    ip: actor.ip,
    meta: { was_connected: was.connected, phone: was.phone },
  });
}
