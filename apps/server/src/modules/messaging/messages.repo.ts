import { inTransaction } from '../../lib/db-types.js';
import type pg from 'pg';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import {
  DELIVERY_STATUSES,
  MESSAGE_CHANNELS,
  type DeliveryResult,
  type MessageChannel,
  type OutgoingMessage,
} from './message-queue.js';

const ClaimedMessage = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  attempts: z.number().int(),
  origin: z.string(),
});
export type ClaimedMessage = z.infer<typeof ClaimedMessage>;

const ResultRow = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  user_id: z.number().int().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});

/** A message's id: a uuid. */
const IdRow = z.object({ id: z.string() });

/** Stores the messages in one transaction; a dedupe key already queued answers its first id. */
export function insertMessages(pool: pg.Pool, messages: OutgoingMessage[]): Promise<string[]> {
  return inTransaction(pool, (tx) => insertMessagesIn(tx, messages));
}

/** Stores the messages inside the caller's transaction: they exist once it commits. */
export async function insertMessagesIn(
  tx: pg.PoolClient,
  messages: OutgoingMessage[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const m of messages) {
    const inserted = await maybeRow(
      tx,
      IdRow,
      `INSERT INTO messages (channel, recipient, subject, body, user_id, origin, batch_id, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [
        m.channel,
        m.to,
        m.subject ?? null,
        m.body,
        m.userId ?? null,
        m.origin,
        m.batchId ?? null,
        m.dedupeKey ?? null,
      ],
    );
    const id =
      inserted?.id ??
      (await maybeRow(tx, IdRow, 'SELECT id FROM messages WHERE dedupe_key = $1', [m.dedupeKey]))
        ?.id;
    if (!id) throw new Error('message neither inserted nor found by its dedupe key');
    ids.push(id);
  }
  return ids;
}

/**
 * Claims the channel's oldest due message if its rate slot is open: the slot row is locked for
 * the claim, so every instance obeys one per-channel rate; SKIP LOCKED lets instances claim
 * different messages side by side. Answers the message, or how long until the slot opens.
 */
export async function claimNext(
  pool: pg.Pool,
  channel: MessageChannel,
  opts: { intervalMs: number; leaseMs: number },
): Promise<{ message: ClaimedMessage } | { waitMs: number } | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const slot = await maybeRow(
      client,
      z.object({ wait_ms: z.number() }),
      // An open slot answers 0 without subtracting: next_at starts at -infinity, and before
      // PostgreSQL 17 an infinite timestamp minus a finite one is 'interval out of range'.
      `SELECT CASE WHEN next_at <= clock_timestamp() THEN 0
                   ELSE EXTRACT(EPOCH FROM (next_at - clock_timestamp())) * 1000 END::float8 AS wait_ms
       FROM message_channel_slots WHERE channel = $1 FOR UPDATE`,
      [channel],
    );
    const waitMs = slot?.wait_ms ?? 0;
    if (waitMs > 0) {
      await client.query('COMMIT');
      return { waitMs };
    }
    const message = await maybeRow(
      client,
      ClaimedMessage,
      `UPDATE messages m
       SET attempts = m.attempts + 1,
           locked_until = clock_timestamp() + make_interval(secs => $2::float8 / 1000),
           last_attempt_at = clock_timestamp()
       WHERE m.id = (
         SELECT id FROM messages
         WHERE channel = $1 AND status = 'pending' AND next_attempt_at <= clock_timestamp()
           AND (locked_until IS NULL OR locked_until < clock_timestamp())
         ORDER BY next_attempt_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING m.id, m.channel, m.recipient, m.subject, m.body, m.attempts, m.origin`,
      [channel, opts.leaseMs],
    );
    if (message) {
      await client.query(
        `UPDATE message_channel_slots
         SET next_at = clock_timestamp() + make_interval(secs => $2::float8 / 1000)
         WHERE channel = $1`,
        [channel, opts.intervalMs],
      );
    }
    await client.query('COMMIT');
    return message ? { message } : null;
  } catch (err) {
    // On a connection that died, the ROLLBACK fails too: the first error is the one to tell.
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function markSent(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(
    `UPDATE messages SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
     WHERE id = $1`,
    [id],
  );
}

/** A failed attempt: retried after `retryInMs`, or failed for good when that is null. */
export async function markAttemptFailed(
  pool: pg.Pool,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await pool.query(
    `UPDATE messages
     SET last_error = $2, locked_until = NULL,
         status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = clock_timestamp() + make_interval(secs => COALESCE($3::float8, 0) / 1000)
     WHERE id = $1`,
    [id, error, retryInMs],
  );
}

export async function readResults(pool: pg.Pool, ids: string[]): Promise<DeliveryResult[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf(
    pool,
    ResultRow,
    `SELECT id, channel, recipient, user_id, status, attempts, last_error
     FROM messages WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        userId: r.user_id,
        status: r.status,
        attempts: r.attempts,
        error: r.last_error,
      },
    ];
  });
}

/** The channels with a message due now or soonest, for the sender's wake-up. */
export async function nextDueInMs(pool: pg.Pool): Promise<number | null> {
  const { ms } = await oneRow(
    pool,
    z.object({ ms: z.number().nullable() }),
    `SELECT (EXTRACT(EPOCH FROM (min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) - clock_timestamp())) * 1000)::float8 AS ms
     FROM messages WHERE status = 'pending'`,
  );
  return ms === null ? null : Math.max(0, ms);
}
