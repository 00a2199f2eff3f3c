import type pg from 'pg';
import { DEAL_COLUMNS, type DealRow } from './deal-row.js';

/** What the database says of an account's deals: deals_version() of migration 0008. */
export interface DealsVersion {
  /** Deals stored, of every type. */
  count: number;
  maxTicket: number;
  /** Bumped by every delete. */
  epoch: number;
}

/** Rows per FETCH: a long history is read in slices, never held whole. */
const FETCH_ROWS = 20_000;

/**
 * The account's deals version and its deals above `afterTicket`, read in one snapshot (so the
 * count read is the count of the rows read), in (time, ticket) order, handed to `onRows` a
 * slice at a time. `tradesOnly` leaves balance operations and the like out. Undefined when
 * the account is gone.
 */
export async function readDeals(
  pool: pg.Pool,
  accountId: number,
  options: { afterTicket: number; tradesOnly: boolean },
  onRows: (rows: DealRow[]) => void,
): Promise<DealsVersion | undefined> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const head = await client.query<{ deals: DealsVersion }>(
      'SELECT deals_version(id) AS deals FROM mt5_accounts WHERE id = $1',
      [accountId],
    );
    const version = head.rows[0]?.deals;
    if (version) {
      const trades = options.tradesOnly ? 'AND type IN (0, 1)' : '';
      await client.query(
        `DECLARE account_deals NO SCROLL CURSOR FOR
         SELECT ${DEAL_COLUMNS} FROM deals WHERE account_id = $1 AND ticket > $2 ${trades}
         ORDER BY time_msc, ticket`,
        [accountId, options.afterTicket],
      );
      for (;;) {
        // Rows as arrays: node-postgres then builds no object per row.
        const { rows } = await client.query<DealRow>({
          text: `FETCH ${FETCH_ROWS} FROM account_deals`,
          rowMode: 'array',
        });
        if (rows.length > 0) onRows(rows);
        if (rows.length < FETCH_ROWS) break;
      }
    }
    await client.query('COMMIT');
    return version;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
