import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { DealsVersionSchema } from '../trading/positions-cache.repo.js';
import type { TradingAccount } from '../trading/trading.repo.js';
import { AccountMoneyColumns } from './account-row.js';

/** Every account of the user as the trading reads take it (trading.repo's row), with its mode. */
const Row = z.object({
  id: z.number(),
  account_number: z.number(),
  server: z.string(),
  kind: z.enum(['live', 'imported']),
  currency: z.string(),
  margin_mode: z.string(),
  ...AccountMoneyColumns,
  account_at: z.date().nullable(),
  deals: DealsVersionSchema,
});
export type OwnTradingAccount = TradingAccount & { margin_mode: string };

/** The user's accounts, each with what the positions cache and the balance reads need. */
export function tradingAccountsOf(db: Queryable, userId: number): Promise<OwnTradingAccount[]> {
  return rowsOf(
    db,
    Row,
    `SELECT id, account_number, server, kind, currency, margin_mode, balance, equity, margin,
       free_margin, margin_level, profit, account_at, deals_version(id) AS deals
     FROM mt5_accounts WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
}
