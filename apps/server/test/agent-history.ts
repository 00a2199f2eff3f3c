// An account as its agent fills it, without a socket: the hello's upsert, the deals through the
// agent's own insert, and the account's figures as its last account message gave them.
import type pg from 'pg';
import type { AccountInfo } from '../../bridge/src/sim/types.js';
import {
  insertDeals,
  upsertAccount,
  type AgentAccountKey,
} from '../src/modules/bridge/trading-ingest.repo.js';

/** Stores `deals` and `figures` in the account `key` names; its id. */
export async function storeAgentHistory(
  pool: pg.Pool,
  key: AgentAccountKey,
  deals: Parameters<typeof insertDeals>[2],
  figures: AccountInfo,
): Promise<number> {
  const accountId = await upsertAccount(pool, key);
  await insertDeals(pool, accountId, deals);
  const a = figures;
  await pool.query(
    `UPDATE mt5_accounts SET balance = $2, equity = $3, margin = $4, free_margin = $5,
       margin_level = $6, profit = $7, account_at = now() WHERE id = $1`,
    [accountId, a.balance, a.equity, a.margin, a.margin_free, a.margin_level, a.profit],
  );
  return accountId;
}
