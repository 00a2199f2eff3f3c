import { LIVE_TICKET_TTL_MS, PublicUserSchema } from '@vortex/core';
import { z } from 'zod';
import { parseRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { SessionRow } from '../auth/sessions.repo.js';

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

/** A spent ticket's session, and what `accountBlock` reads of its user (and its role). */
const SpentTicketRow = SessionRow.extend({
  ...PublicUserSchema.pick({ id: true, role: true, status: true, account_type: true }).shape,
  trial_ends_at: z.date().nullable(),
});
export type SpentTicketRow = z.infer<typeof SpentTicketRow>;

const SPEND_LIVE_TICKET = `WITH spent AS (
       UPDATE live_tickets SET used_at = now()
       WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING session_id
     ), sess AS (
       SELECT s.id AS session_id, s.user_id AS session_user, s.expires_at, s.last_seen_at,
         s.revoked_at
       FROM spent JOIN sessions s ON s.id = spent.session_id
     )
     SELECT sess.session_id, sess.session_user AS user_id, sess.expires_at, sess.last_seen_at,
       sess.revoked_at, users.id, users.role, users.status, users.account_type,
       users.trial_ends_at
     FROM sess JOIN users ON users.id = sess.session_user`;

const READ_LIVE_SESSION = `SELECT s.id AS session_id, s.user_id, s.expires_at, s.last_seen_at, s.revoked_at,
       users.id, users.role, users.status, users.account_type, users.trial_ends_at
     FROM sessions s JOIN users ON users.id = s.user_id WHERE s.id = $1`;

/**
 * Spends a ticket and reads its session and user in the same statement, so opening a channel
 * costs one round trip: the first caller within its lifetime gets the rows, every other nothing.
 * Only the columns an open reads: each one costs every open its parsing.
 */
export async function spendLiveTicket(
  db: Queryable,
  ticket: string,
): Promise<SpentTicketRow | undefined> {
  // Prepared once per connection: every open runs it.
  const { rows } = await db.query({
    name: 'spend-live-ticket',
    text: SPEND_LIVE_TICKET,
    values: [hashToken(ticket)],
  });
  return rows.length ? parseRow(SpentTicketRow, rows[0], SPEND_LIVE_TICKET) : undefined;
}

/** A session and what an open checks of its user, by the session's id. */
export async function readLiveSession(
  db: Queryable,
  sessionId: number,
): Promise<SpentTicketRow | undefined> {
  const { rows } = await db.query({
    name: 'read-live-session',
    text: READ_LIVE_SESSION,
    values: [sessionId],
  });
  return rows.length ? parseRow(SpentTicketRow, rows[0], READ_LIVE_SESSION) : undefined;
}

export async function purgeLiveTickets(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM live_tickets WHERE expires_at < now() - interval '1 hour'",
  );
  return rowCount ?? 0;
}
