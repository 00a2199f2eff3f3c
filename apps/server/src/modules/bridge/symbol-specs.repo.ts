import { SymbolSpecSchema, type SymbolSpec } from '@vortex/core';
import { maybeRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const COLUMNS = `symbol, tick_size, tick_value, contract_size, volume_min, volume_step,
  currency_profit, digits`;

/**
 * The specifications a hello stated, one statement: a symbol stated again takes its new figures
 * (a broker may change a contract), and one named twice in a hello keeps its last entry, as ON
 * CONFLICT cannot touch a row twice. Symbols the hello leaves out keep what was stated before.
 */
export async function upsertSymbolSpecs(
  db: Queryable,
  accountId: number,
  specs: readonly SymbolSpec[],
): Promise<void> {
  if (specs.length === 0) return;
  const rows = [...new Map(specs.map((s) => [s.symbol, s])).values()];
  const column = <K extends keyof SymbolSpec>(key: K) => rows.map((r) => r[key]);
  await db.query(
    `INSERT INTO mt5_symbol_specs (account_id, ${COLUMNS})
     SELECT $1, * FROM unnest($2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
       $7::float8[], $8::text[], $9::int2[])
     ON CONFLICT (account_id, symbol) DO UPDATE SET
       tick_size = EXCLUDED.tick_size, tick_value = EXCLUDED.tick_value,
       contract_size = EXCLUDED.contract_size, volume_min = EXCLUDED.volume_min,
       volume_step = EXCLUDED.volume_step, currency_profit = EXCLUDED.currency_profit,
       digits = EXCLUDED.digits, updated_at = now()`,
    [
      accountId,
      column('symbol'),
      column('tick_size'),
      column('tick_value'),
      column('contract_size'),
      column('volume_min'),
      column('volume_step'),
      column('currency_profit'),
      column('digits'),
    ],
  );
}

/** What the account's terminal last stated of `symbol`, if it ever did. */
export async function findSymbolSpec(
  db: Queryable,
  accountId: number,
  symbol: string,
): Promise<SymbolSpec | null> {
  const row = await maybeRow(
    db,
    SymbolSpecSchema,
    `SELECT ${COLUMNS} FROM mt5_symbol_specs WHERE account_id = $1 AND symbol = $2`,
    [accountId, symbol],
  );
  return row ?? null;
}
