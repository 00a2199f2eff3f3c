import type { Mt5HistoryOrder, SymbolDigits } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';

// As trading-ingest.repo.ts writes deals: arrays as literals (the schema made numbers finite).
const numberArray = (values: number[]) => `{${values.join(',')}}`;
const quoted = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;
const textArray = (values: string[]) => `{${values.map(quoted).join(',')}}`;

const REPLACE_ORDER = `DO UPDATE SET
  symbol = EXCLUDED.symbol, type = EXCLUDED.type, state = EXCLUDED.state,
  volume_initial = EXCLUDED.volume_initial, volume_current = EXCLUDED.volume_current,
  price_open = EXCLUDED.price_open, sl = EXCLUDED.sl, tp = EXCLUDED.tp,
  price_current = EXCLUDED.price_current, time_setup_msc = EXCLUDED.time_setup_msc,
  time_done_msc = EXCLUDED.time_done_msc, magic = EXCLUDED.magic,
  comment = EXCLUDED.comment, position_id = EXCLUDED.position_id, reason = EXCLUDED.reason`;

/**
 * One statement, so one commit. An order sent again (a lost ack, or a state the terminal
 * changed, as a partial fill becoming filled) replaces the stored one: the newest report wins.
 * A ticket twice in one batch keeps its last copy (ON CONFLICT cannot touch a row twice).
 * Returns how many orders were written. `keepStored`: an order already stored stays as it is
 * (an import into an account an agent feeds: the agent's copy is the terminal's own, to the
 * millisecond, with its magic and reason, where a report's is what the page printed).
 */
export async function upsertHistoryOrders(
  db: Queryable,
  accountId: number,
  orders: readonly Mt5HistoryOrder[],
  { keepStored = false }: { keepStored?: boolean } = {},
): Promise<number> {
  const byTicket = [...new Map(orders.map((o) => [o.ticket, o])).values()];
  const col = <K extends keyof Mt5HistoryOrder>(k: K) => byTicket.map((o) => o[k]);
  const { rowCount } = await db.query(
    `INSERT INTO mt5_history_orders (account_id, ticket, symbol, type, state, volume_initial,
       volume_current, price_open, sl, tp, price_current, time_setup_msc, time_done_msc, magic,
       comment, position_id, reason)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::smallint[], $5::smallint[],
       $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::float8[],
       $12::bigint[], $13::bigint[], $14::bigint[], $15::text[], $16::bigint[], $17::smallint[])
     ON CONFLICT (account_id, ticket) ${keepStored ? 'DO NOTHING' : REPLACE_ORDER}`,
    [
      accountId,
      numberArray(col('ticket')),
      textArray(col('symbol')),
      numberArray(col('type')),
      numberArray(col('state')),
      numberArray(col('volume_initial')),
      numberArray(col('volume_current')),
      numberArray(col('price_open')),
      numberArray(col('sl')),
      numberArray(col('tp')),
      numberArray(col('price_current')),
      numberArray(col('time_setup_msc')),
      numberArray(col('time_done_msc')),
      numberArray(col('magic')),
      textArray(col('comment')),
      numberArray(col('position_id')),
      numberArray(col('reason')),
    ],
  );
  return rowCount ?? 0;
}

/** The digits the terminal reported per symbol; a symbol reported again takes its new digits. */
export async function upsertSymbolDigits(
  db: Queryable,
  accountId: number,
  digits: readonly SymbolDigits[],
): Promise<void> {
  if (digits.length === 0) return;
  const bySymbol = [...new Map(digits.map((d) => [d.symbol, d.digits])).entries()];
  await db.query(
    `INSERT INTO mt5_symbol_digits (account_id, symbol, digits)
     SELECT $1, * FROM unnest($2::text[], $3::smallint[])
     ON CONFLICT (account_id, symbol) DO UPDATE SET digits = EXCLUDED.digits`,
    [accountId, textArray(bySymbol.map(([s]) => s)), numberArray(bySymbol.map(([, d]) => d))],
  );
}
