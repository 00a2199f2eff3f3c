import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { LOCKOUT, type LoginCounts } from './login-lockout.js';

const LoginCountsRow = z.object({
  pair: z.number().int(),
  address: z.number().int(),
  account: z.number().int(),
  sinceLastS: z.number().nullable(),
  known: z.boolean(),
}) satisfies z.ZodType<LoginCounts>;

/** What the lockout needs to judge one attempt, in one statement. */
export async function readLoginCounts(
  db: Queryable,
  q: { account: string; ip: string; userId: number | null },
): Promise<LoginCounts> {
  return oneRow(
    db,
    LoginCountsRow,
    `SELECT
       (SELECT count(*)::int FROM login_failures
        WHERE account = $1 AND ip = $2 AND created_at > now() - make_interval(secs => $4)) AS pair,
       (SELECT count(*)::int FROM login_failures
        WHERE ip = $2 AND created_at > now() - make_interval(secs => $4)) AS address,
       (SELECT count(*)::int FROM login_failures
        WHERE account = $1 AND created_at > now() - make_interval(secs => $5)) AS account,
       (SELECT extract(epoch FROM now() - max(created_at))::float8 FROM login_failures
        WHERE account = $1) AS "sinceLastS",
       EXISTS (SELECT 1 FROM login_addresses
        WHERE user_id = $3 AND ip = $2
          AND last_success_at > now() - make_interval(days => $6)) AS known`,
    [q.account, q.ip, q.userId, LOCKOUT.windowS, LOCKOUT.accountWindowS, LOCKOUT.knownAddressDays],
  );
}

export async function recordLoginFailure(
  db: Queryable,
  account: string,
  ip: string,
): Promise<void> {
  await db.query('INSERT INTO login_failures (account, ip) VALUES ($1, $2)', [account, ip]);
}

/** The right password was given from this address: its failures there no longer count. */
export async function clearPairFailures(db: Queryable, account: string, ip: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE account = $1 AND ip = $2', [account, ip]);
}

export async function rememberLoginAddress(
  db: Queryable,
  userId: number,
  ip: string,
): Promise<void> {
  await db.query(
    `INSERT INTO login_addresses (user_id, ip) VALUES ($1, $2)
     ON CONFLICT (user_id, ip) DO UPDATE SET last_success_at = now()`,
    [userId, ip],
  );
}

/** Failures older than the account window, and addresses unused for 90 days, decide nothing. */
export async function pruneLoginRecords(db: Queryable): Promise<number> {
  const failures = await db.query(
    'DELETE FROM login_failures WHERE created_at < now() - make_interval(secs => $1)',
    [LOCKOUT.accountWindowS],
  );
  const addresses = await db.query(
    'DELETE FROM login_addresses WHERE last_success_at < now() - make_interval(days => $1)',
    [LOCKOUT.knownAddressDays],
  );
  return (failures.rowCount ?? 0) + (addresses.rowCount ?? 0);
}
