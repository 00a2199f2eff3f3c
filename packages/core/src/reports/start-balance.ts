/** What the stored deals say about an account's balance around an instant. */
export interface BalanceHistory {
  /** Net (profit + commission + fee + swap) of every deal before the instant, credit aside. */
  netBefore: number;
  /** Net of every deal the account has, credit aside. */
  netTotal: number;
  /** How many balance operations (deposits, withdrawals: deal type 2) the account has. */
  balanceOperations: number;
}

/**
 * The account's balance at an instant, as the MT5 statement reads it: the sum of the deals
 * before it. When the account never reported a balance operation (its deposit predates what
 * the terminal sent, or the simulator has none), the deposit is inferred from the balance the
 * account reports now less the net of all its deals, so balances are real money, not from zero.
 */
export function balanceAt(history: BalanceHistory, currentBalance: number | null): number {
  const inferredDeposit =
    history.balanceOperations === 0 && currentBalance !== null
      ? Math.max(0, currentBalance - history.netTotal)
      : 0;
  return inferredDeposit + history.netBefore;
}
