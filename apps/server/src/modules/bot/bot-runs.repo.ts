import { permissionsFor, ROLES } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const BotRun = z.object({
  user_id: z.number().int(),
  active: z.boolean(),
  started_at: z.date().nullable(),
  stopped_at: z.date().nullable(),
  instance: z.string().nullable(),
  last_error: z.string().nullable(),
  entries_paused: z.boolean(),
  peak_equity: z.number().nullable(),
});
export type BotRun = z.infer<typeof BotRun>;

const LapsedBot = BotRun.pick({ user_id: true, started_at: true });

/** An open position as the bot reads it from the agent's JSON (validated when it was stored). */
const OpenPosition = z.object({
  ticket: z.number().int(),
  magic: z.number().int(),
  type: z.number().int(),
  price_open: z.number(),
  sl: z.number(),
  profit: z.number(),
  swap: z.number(),
});

const CountRow = z.object({ n: z.number().int() });

export async function findBotRun(db: Queryable, userId: number): Promise<BotRun | undefined> {
  return maybeRow(
    db,
    BotRun,
    `SELECT user_id, active, started_at, stopped_at, instance, last_error, entries_paused,
            peak_equity FROM bot_runs WHERE user_id = $1`,
    [userId],
  );
}

/** How long a bot's lease lasts without renewal; renewed every third of it. */
export const BOT_LEASE_MS = 30_000;

/** The roles that may run a bot (permissions.ts: 'bot:control'). */
const BOT_ROLES = ROLES.filter((r) => permissionsFor(r).includes('bot:control'));

/**
 * Marks the bot started and leased to `instance` (false when it already was running, or when
 * its owner may not run it). The owner's row is read FOR SHARE: a suspension or demotion
 * committing meanwhile is waited for and seen, so it cannot miss a start that raced it.
 */
export async function markStarted(
  db: Queryable,
  userId: number,
  instance: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH owner AS (
       SELECT id FROM users
       WHERE id = $1 AND status IN ('active', 'approved') AND role = ANY($4::text[])
       FOR SHARE
     )
     INSERT INTO bot_runs
       (user_id, active, started_at, stopped_at, instance, last_error, updated_at, lease_until)
     SELECT id, true, now(), NULL, $2, NULL, now(), now() + make_interval(secs => $3) FROM owner
     ON CONFLICT (user_id) DO UPDATE SET active = true, started_at = now(), stopped_at = NULL,
       instance = $2, last_error = NULL, updated_at = now(), lease_until = EXCLUDED.lease_until,
       entries_paused = false, peak_equity = NULL
     WHERE NOT bot_runs.active`,
    [userId, instance, BOT_LEASE_MS / 1000, BOT_ROLES],
  );
  return (rowCount ?? 0) > 0;
}

/** Renews the leases `instance` holds among `userIds`; the users whose lease it still holds. */
export async function renewLeases(
  db: Queryable,
  instance: string,
  userIds: number[],
): Promise<Set<number>> {
  const rows = await rowsOf(
    db,
    BotRun.pick({ user_id: true }),
    `UPDATE bot_runs SET lease_until = now() + make_interval(secs => $3)
     WHERE user_id = ANY($2::bigint[]) AND active AND instance = $1 RETURNING user_id`,
    [instance, userIds, BOT_LEASE_MS / 1000],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Takes the active bots whose lease lapsed (or never was): theirs to run now. */
export async function claimLapsedBots(
  db: Queryable,
  instance: string,
): Promise<z.infer<typeof LapsedBot>[]> {
  return rowsOf(
    db,
    LapsedBot,
    `UPDATE bot_runs SET instance = $1, lease_until = now() + make_interval(secs => $2)
     WHERE active AND (lease_until IS NULL OR lease_until < now())
     RETURNING user_id, started_at`,
    [instance, BOT_LEASE_MS / 1000],
  );
}

/** Lets go of every lease `instance` holds, so the next instance resumes its bots at once. */
export async function releaseLeases(db: Queryable, instance: string): Promise<void> {
  await db.query('UPDATE bot_runs SET lease_until = now() WHERE instance = $1 AND active', [
    instance,
  ]);
}

/**
 * Lets go of the leases a dead server process held (its instances are `host:pid:tag`), so a
 * restart on the same machine resumes its bots at once instead of a lease period later.
 */
export async function releaseLeasesOfProcess(
  db: Queryable,
  host: string,
  pid: number,
): Promise<number> {
  const prefix = `${host}:${pid}:`;
  const { rowCount } = await db.query(
    'UPDATE bot_runs SET lease_until = now() WHERE active AND left(instance, length($1)) = $1',
    [prefix],
  );
  return rowCount ?? 0;
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

/**
 * Stops the bot, wherever it runs, because the account may no longer run it (suspended,
 * demoted): the reason stays as its error until the next start. False when it was not running.
 */
export async function stopWithReason(
  db: Queryable,
  userId: number,
  reason: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE bot_runs SET active = false, stopped_at = now(), instance = NULL, last_error = $2,
       updated_at = now()
     WHERE user_id = $1 AND active`,
    [userId, reason],
  );
  return (rowCount ?? 0) > 0;
}

/** Pauses or resumes the running bot's entries (false when the bot is not running). */
export async function setEntriesPaused(
  db: Queryable,
  userId: number,
  paused: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE bot_runs SET entries_paused = $2, updated_at = now() WHERE user_id = $1 AND active`,
    [userId, paused],
  );
  return (rowCount ?? 0) > 0;
}

/** Whether the running bot's entries are paused. */
export async function entriesPausedOf(db: Queryable, userId: number): Promise<boolean> {
  const row = await maybeRow(
    db,
    BotRun.pick({ entries_paused: true }),
    'SELECT entries_paused FROM bot_runs WHERE user_id = $1 AND active',
    [userId],
  );
  return row?.entries_paused ?? false;
}

/** Raises the stored equity peak to `equity` if that is higher (never lowers it). */
export async function raisePeakEquity(db: Queryable, userId: number, equity: number) {
  await db.query(
    `UPDATE bot_runs SET peak_equity = GREATEST(COALESCE(peak_equity, $2), $2)
     WHERE user_id = $1 AND active`,
    [userId, equity],
  );
}

/**
 * Sets the peak after a balance operation moved it (a withdrawal lowers it): unlike
 * raisePeakEquity, it may go down.
 */
export async function setPeakEquity(db: Queryable, userId: number, equity: number) {
  await db.query('UPDATE bot_runs SET peak_equity = $2 WHERE user_id = $1 AND active', [
    userId,
    equity,
  ]);
}

const OperationRow = z.object({ ticket: z.number(), amount: z.number() });

/**
 * The account's balance operations (deposits, withdrawals, charges, corrections, bonuses:
 * every deal but a buy, a sell or a credit, as migration 31's index names them) after `ticket`,
 * in ticket order; with no ticket, only the last one (where a watch starts from).
 */
export async function balanceOperationsAfter(
  db: Queryable,
  accountId: number,
  ticket: number | null,
): Promise<z.infer<typeof OperationRow>[]> {
  return rowsOf(
    db,
    OperationRow,
    ticket === null
      ? `SELECT ticket, profit + commission + swap + fee AS amount FROM deals
         WHERE account_id = $1 AND type NOT IN (0, 1, 3) ORDER BY ticket DESC LIMIT 1`
      : `SELECT ticket, profit + commission + swap + fee AS amount FROM deals
         WHERE account_id = $1 AND type NOT IN (0, 1, 3) AND ticket > $2 ORDER BY ticket`,
    ticket === null ? [accountId] : [accountId, ticket],
  );
}

export async function setBotError(db: Queryable, userId: number, error: string | null) {
  await db.query('UPDATE bot_runs SET last_error = $2, updated_at = now() WHERE user_id = $1', [
    userId,
    error,
  ]);
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
  const { n } = await oneRow(
    db,
    CountRow,
    `SELECT count(*)::int AS n FROM deals
     WHERE account_id = $1 AND time_msc >= $2 AND entry = 0 AND magic = ANY($3::bigint[])`,
    [accountId, sinceMs, magics],
  );
  return n;
}

/** Open positions of the account: ticket, magic, side, open price, stop and open result. */
export async function openPositionsByMagic(db: Queryable, accountId: number) {
  return rowsOf(
    db,
    OpenPosition,
    `SELECT ticket, (data->>'magic')::bigint AS magic, (data->>'type')::int AS type,
            (data->>'price_open')::float8 AS price_open, (data->>'sl')::float8 AS sl,
            (data->>'profit')::float8 AS profit, COALESCE((data->>'swap')::float8, 0) AS swap
     FROM open_positions WHERE account_id = $1`,
    [accountId],
  );
}

/** The bot's orders since `since` that the terminal refused (or let expire). */
export async function canceledOrdersSince(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<number> {
  const { n } = await oneRow(
    db,
    CountRow,
    `SELECT count(*)::int AS n FROM bot_decisions
     WHERE user_id = $1 AND at >= $2 AND kind = 'order' AND detail->>'ok' = 'false'`,
    [userId, since],
  );
  return n;
}
