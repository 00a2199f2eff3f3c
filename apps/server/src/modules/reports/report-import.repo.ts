import { takeHourlyQuota } from '../../db/hourly-quota.js';
import type { Queryable } from '../../lib/db-types.js';

/**
 * Counts one of the user's imports for the hour. Every attempt counts, refused ones too (a
 * refused zip bomb cost the server as much as an import).
 */
export function takeImportQuota(
  tx: Queryable,
  userId: number,
  perHour: number,
): Promise<{ retryAfterS: number } | undefined> {
  return takeHourlyQuota(tx, 'report_import_user', String(userId), perHour);
}

/** Which of a staged deal's two readings (import-staging.ts) the report's margin mode takes. */
const reading = (hedging: boolean) => (hedging ? 'h' : 'n');

/**
 * The staged deals numbered above `after` up to `upTo` into the account, skipping those its
 * tickets already hold (the agent's, an earlier import's): how many were new.
 */
export async function storeStagedDeals(
  db: Queryable,
  accountId: number,
  hedging: boolean,
  after: number,
  upTo: number,
): Promise<number> {
  const m = reading(hedging);
  const { rowCount } = await db.query(
    `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
       price, profit, commission, swap, magic, reason, comment, time_msc, fee)
     SELECT $1, ticket, order_ticket, position_${m}, symbol, type, entry, volume, price, profit,
       commission, swap, magic_${m}, reason_${m}, comment, time_msc, fee
     FROM import_deals WHERE seq > $2 AND seq <= $3 ORDER BY seq
     ON CONFLICT (account_id, ticket) DO NOTHING`,
    [accountId, after, upTo],
  );
  return rowCount ?? 0;
}

// As history-orders.repo.ts's upsert: an order stored again takes the report's newest copy.
const REPLACE_ORDER = `DO UPDATE SET
  symbol = EXCLUDED.symbol, type = EXCLUDED.type, state = EXCLUDED.state,
  volume_initial = EXCLUDED.volume_initial, volume_current = EXCLUDED.volume_current,
  price_open = EXCLUDED.price_open, sl = EXCLUDED.sl, tp = EXCLUDED.tp,
  price_current = EXCLUDED.price_current, time_setup_msc = EXCLUDED.time_setup_msc,
  time_done_msc = EXCLUDED.time_done_msc, magic = EXCLUDED.magic,
  comment = EXCLUDED.comment, position_id = EXCLUDED.position_id, reason = EXCLUDED.reason`;

/**
 * The staged orders into the account, each with the position, magic and price of the first
 * deal it filled (imported-orders.ts's importedOrders, in SQL); a ticket twice keeps its last
 * copy. `keepStored`: an order already stored stays (the agent's copy is the terminal's own).
 */
export async function storeStagedOrders(
  db: Queryable,
  accountId: number,
  hedging: boolean,
  keepStored: boolean,
): Promise<void> {
  const m = reading(hedging);
  await db.query(
    `INSERT INTO mt5_history_orders (account_id, ticket, symbol, type, state, volume_initial,
       volume_current, price_open, sl, tp, price_current, time_setup_msc, time_done_msc, magic,
       comment, position_id, reason)
     SELECT $1, o.ticket, o.symbol, o.type, o.state, o.volume_initial, o.volume_current,
       coalesce(o.price, 0), o.sl, o.tp, coalesce(d.price, o.price, 0), o.time_setup_msc,
       o.time_done_msc, coalesce(d.magic, 0), o.comment, coalesce(d.position, 0),
       coalesce(o.comment_reason, CASE WHEN d.magic > 0 THEN 3 ELSE 0 END)
     FROM (SELECT DISTINCT ON (ticket) * FROM import_orders ORDER BY ticket, seq DESC) o
     LEFT JOIN (
       SELECT DISTINCT ON (order_ticket) order_ticket, price, magic_${m} AS magic,
         position_${m} AS position
       FROM import_deals WHERE order_ticket > 0 ORDER BY order_ticket, seq
     ) d ON d.order_ticket = o.ticket
     ON CONFLICT (account_id, ticket) ${keepStored ? 'DO NOTHING' : REPLACE_ORDER}`,
    [accountId],
  );
}
