import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import { DealsVersionSchema } from '../trading/positions-cache.repo.js';

/**
 * The accounts whose deals the income tax counts, as a SQL condition on `mt5_accounts a`.
 * The tax is per person on B3, in reais: every live account and every imported account history
 * of the user add up; a Strategy Tester report (imported as number 0, one account per expert and
 * symbol: report-import.service.ts) is a simulation, not trading, and an account in another
 * currency is no B3 account.
 */
export const TAXED_ACCOUNT = `a.currency = 'BRL' AND NOT (a.kind = 'imported' AND a.account_number = 0)`;

const TaxedAccountRow = z.object({
  id: z.number(),
  /** MT5's ACCOUNT_TRADE_MODE as the agent or the statement said it: 'real' or 'demo'. */
  trade_mode: z.string(),
  /** What deals_version() (migration 0008) says of the account: it moves with every deal stored. */
  deals: DealsVersionSchema,
});
export type TaxedAccount = z.infer<typeof TaxedAccountRow>;

const IdRow = z.object({ id: z.number() });

/** The user's taxed accounts, each with its deals' version, in id order. */
export async function taxedAccountsOf(db: Queryable, userId: number): Promise<TaxedAccount[]> {
  return rowsOf(
    db,
    TaxedAccountRow,
    `SELECT a.id, a.trade_mode, deals_version(a.id) AS deals FROM mt5_accounts a
     WHERE a.user_id = $1 AND ${TAXED_ACCOUNT} ORDER BY a.id`,
    [userId],
  );
}

/**
 * Whose deals the tax is computed from: money is taxed, so the real accounts when there is one;
 * a trader with only demo accounts (trying Vórtex, or its demo mode) sees the same computation
 * over them as a simulation, which owes nothing and sends no reminder.
 */
export function taxBasis(accounts: readonly TaxedAccount[]): {
  basis: 'real' | 'demo' | 'none';
  accounts: TaxedAccount[];
} {
  const real = accounts.filter((a) => a.trade_mode === 'real');
  if (real.length > 0) return { basis: 'real', accounts: real };
  return accounts.length > 0
    ? { basis: 'demo', accounts: [...accounts] }
    : { basis: 'none', accounts: [] };
}

/** Users who want the DARF reminder and have a taxed account with deals, in id order. */
export async function reminderUsers(db: Queryable): Promise<number[]> {
  const rows = await rowsOf(
    db,
    IdRow,
    `SELECT u.id FROM users u LEFT JOIN tax_settings s ON s.user_id = u.id
     WHERE u.status IN ('active', 'approved') AND coalesce(s.darf_reminder, true)
       AND EXISTS (SELECT 1 FROM mt5_accounts a JOIN deal_counts c ON c.account_id = a.id
                   WHERE a.user_id = u.id AND ${TAXED_ACCOUNT} AND a.trade_mode = 'real' AND c.count > 0)
     ORDER BY u.id`,
  );
  return rows.map((r) => r.id);
}
