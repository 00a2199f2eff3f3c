import { accountMessages, type AccountSummary } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import { accountsOf, chooseAccount } from './accounts.repo.js';

export interface AccountsView {
  accounts: AccountSummary[];
  current_id: number | null;
}

/** The user's MT5 accounts and the one the trading screens show. */
export async function accountsView(pool: pg.Pool, userId: number): Promise<AccountsView> {
  const [accounts, current] = await Promise.all([
    accountsOf(pool, userId),
    currentAccountOf(pool, userId),
  ]);
  return { accounts, current_id: current?.id ?? null };
}

/** Makes one of the user's own accounts the one the screens show; 404 for anyone else's. */
export async function chooseCurrentAccount(
  pool: pg.Pool,
  userId: number,
  accountId: number,
): Promise<void> {
  if (!(await chooseAccount(pool, userId, accountId))) {
    throw new HttpError(404, accountMessages.notYours);
  }
}
