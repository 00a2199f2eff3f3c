import type pg from 'pg';
import { DEAL_COLUMNS, type DealRow } from './deal-row.js';

/** What the database says of an account's deals (migration 0008): see DealsVersion below. */
export interface DealsVersion {
  /** Deals stored, of every type. */
  count: number;
  maxTicket: number;
  /** Bumped by every delete. */
  epoch: number;
}

export const sameVersion = (a: DealsVersion, b: DealsVersion): boolean =>
  a.count === b.count && a.maxTicket === b.maxTicket && a.epoch === b.epoch;

/** The version and the deals above `afterTicket` (every type), read in one snapshot. */
export async function dealsSince(
  pool: pg.Pool,
  accountId: number,
  afterTicket: number,
): Promise<{ version: DealsVersion; rows: DealRow[] } | undefined> {
  const client = await pool.connect();
  try {
    // One snapshot: the count read is the count of the rows read.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const head = await client.query<DealsVersion>(
      `SELECT deals_count AS count, deals_max_ticket AS "maxTicket", deals_epoch AS epoch
       FROM mt5_accounts WHERE id = $1`,
      [accountId],
    );
    const version = head.rows[0];
    // Rows as arrays: node-postgres then builds no object per row. In (time, ticket) order, the
    // order the positions are built in.
    const deals = version
      ? await client.query<DealRow>({
          text: `SELECT ${DEAL_COLUMNS} FROM deals WHERE account_id = $1 AND ticket > $2
                 ORDER BY time_msc, ticket`,
          values: [accountId, afterTicket],
          rowMode: 'array',
        })
      : undefined;
    await client.query('COMMIT');
    return version && deals ? { version, rows: deals.rows } : undefined;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
