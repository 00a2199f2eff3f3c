import type { Queryable } from '../../lib/db-types.js';

export interface BotRun {
  user_id: number;
  active: boolean;
  started_at: Date | null;
  stopped_at: Date | null;
  instance: string | null;
  last_error: string | null;
}

export async function findBotRun(db: Queryable, userId: number): Promise<BotRun | undefined> {
  const { rows } = await db.query<BotRun>(
    'SELECT user_id, active, started_at, stopped_at, instance, last_error FROM bot_runs WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Marks the bot started (false when it already was). */
export async function markStarted(
  db: Queryable,
  userId: number,
  instance: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO bot_runs (user_id, active, started_at, stopped_at, instance, last_error, updated_at)
     VALUES ($1, true, now(), NULL, $2, NULL, now())
     ON CONFLICT (user_id) DO UPDATE SET active = true, started_at = now(), stopped_at = NULL,
       instance = $2, last_error = NULL, updated_at = now()
     WHERE NOT bot_runs.active`,
    [userId, instance],
  );
  return (rowCount ?? 0) > 0;
}

/** Marks the bot stopped (false when it was not running). */
export async function markStopped(db: Queryable, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE bot_runs SET active = false, stopped_at = now(), instance = NULL, updated_at = now()
     WHERE user_id = $1 AND active`,
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

export async function setBotError(db: Queryable, userId: number, error: string | null) {
  await db.query('UPDATE bot_runs SET last_error = $2, updated_at = now() WHERE user_id = $1', [
    userId,
    error,
  ]);
}

/** Users whose bot should be running: resumed by an instance at start-up. */
export async function activeBotUsers(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM bot_runs WHERE active ORDER BY user_id',
  );
  return rows.map((r) => r.user_id);
}

export async function recordDecision(
  db: Queryable,
  userId: number,
  strategy: string,
  kind: string,
  detail: object,
): Promise<void> {
  await db.query(
    'INSERT INTO bot_decisions (user_id, strategy, kind, detail) VALUES ($1, $2, $3, $4)',
    [userId, strategy, kind, JSON.stringify(detail)],
  );
}

/** Entries (opening deals) of these magics on the account since `sinceMs`. */
export async function entriesSince(
  db: Queryable,
  accountId: number,
  magics: number[],
  sinceMs: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM deals
     WHERE account_id = $1 AND time_msc >= $2 AND entry = 0 AND magic = ANY($3::bigint[])`,
    [accountId, sinceMs, magics],
  );
  return rows[0]?.n ?? 0;
}

/** Open positions of the account by magic: ticket, side, open price and stop. */
export async function openPositionsByMagic(db: Queryable, accountId: number) {
  const { rows } = await db.query<{
    ticket: number;
    magic: number;
    type: number;
    price_open: number;
    sl: number;
  }>(
    `SELECT ticket, (data->>'magic')::bigint AS magic, (data->>'type')::int AS type,
            (data->>'price_open')::float8 AS price_open, (data->>'sl')::float8 AS sl
     FROM open_positions WHERE account_id = $1`,
    [accountId],
  );
  return rows;
}

/** The bot's orders since `since` that the terminal refused (or let expire). */
export async function canceledOrdersSince(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bot_decisions
     WHERE user_id = $1 AND at >= $2 AND kind = 'order' AND detail->>'ok' = 'false'`,
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}
