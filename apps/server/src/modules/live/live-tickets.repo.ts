import { LIVE_TICKET_TTL_MS } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** A ticket for the caller's session: the channel it opens lasts as long as the session. */
export async function issueLiveTicket(
  db: Queryable,
  who: { userId: number; sessionId: number },
): Promise<{ ticket: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + LIVE_TICKET_TTL_MS);
  await db.query(
    `INSERT INTO live_tickets (ticket_hash, user_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [hash, who.userId, who.sessionId, expiresAt],
  );
  return { ticket: token, expiresAt };
}

/** Spends a ticket: the first caller within its lifetime gets its session, every other nothing. */
export async function spendLiveTicket(db: Queryable, ticket: string): Promise<number | undefined> {
  const { rows } = await db.query<{ session_id: number | null }>(
    `UPDATE live_tickets SET used_at = now()
     WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING session_id`,
    [hashToken(ticket)],
  );
  return rows[0]?.session_id ?? undefined;
}

export async function purgeLiveTickets(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM live_tickets WHERE expires_at < now() - interval '1 hour'",
  );
  return rowCount ?? 0;
}
